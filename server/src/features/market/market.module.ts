import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/log';
import type { RepeatingJob } from '../../lib/repeating-job';
import { createMarketRefreshJob, type CnkRefresher, type RefreshShop, type ShopProgress } from './market-refresh.job';
import { createMarketRepository } from './market.repository';
import { createMarketService } from './market.service';

/** What the market store needs from the app (app.ts wires it before the search, which writes into it). */
export interface MarketDeps {
  db: Db;
  env: Pick<Env, 'MARKET_FRESH_H' | 'MARKET_RATE_PER_SHOP' | 'MARKET_REFRESH_INTERVAL_MIN'>;
  log: Logger;
  /** The prices' clock (a demo day moved on by staff ages the stored prices too, as the search cache). */
  now: () => number;
}

/**
 * The market kept warm (docs/decisions/234): `store` is the search's port (what it fetched goes in,
 * fresh prices come out); `refresher` builds the refresh job and its one-pass runner once the search
 * that asks the shops in its background lane exists.
 */
export function createMarketModule(deps: MarketDeps) {
  const repository = createMarketRepository(deps.db);
  const service = createMarketService({
    repository,
    freshHours: deps.env.MARKET_FRESH_H,
    intervalMs: deps.env.MARKET_RATE_PER_SHOP,
    now: deps.now,
  });
  const log = deps.log.child({ feature: 'market' });
  return {
    store: {
      recordAnswer: service.recordAnswer,
      freshAnswer: service.freshAnswer,
      want: service.want,
      freshUntil: service.freshUntil,
    },
    service,
    refresher(shops: readonly RefreshShop[], refresh: CnkRefresher, onProgress?: (progress: ShopProgress) => void) {
      const refreshJob = createMarketRefreshJob({
        repository,
        shops,
        refresh,
        intervalMs: deps.env.MARKET_RATE_PER_SHOP,
        freshHours: deps.env.MARKET_FRESH_H,
        now: deps.now,
        log,
        ...(onProgress ? { onProgress } : {}),
      });
      const job: RepeatingJob = {
        name: 'market-refresh',
        everyMs: deps.env.MARKET_REFRESH_INTERVAL_MIN * 60_000,
        run: async () => {
          await refreshJob.pass();
        },
      };
      return { job, pass: refreshJob.pass };
    },
  };
}
