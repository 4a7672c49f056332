import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import { createPriceHistoryRepository } from './price-history.repository';
import { createPriceHistoryRoutes } from './price-history.routes';
import { createPriceHistoryService, type PastPrices } from './price-history.service';

export type { PastPrices } from './price-history.service';

/** What the price history needs from the app (app.ts wires it). */
export interface PriceHistoryDeps {
  db: Db;
  env: Pick<Env, 'RETAILERS_MODE' | 'PRICE_HISTORY_DAYS'>;
  now: () => number;
  /** The past of a product read before it was seen (demo mode: the demo catalogue's; live: none). */
  pastPrices?: PastPrices | null;
}

/** Price history: the search records into it, the product pages read it (API, JSON-LD). */
export function createPriceHistoryModule(deps: PriceHistoryDeps) {
  const service = createPriceHistoryService({
    repository: createPriceHistoryRepository(deps.db),
    now: deps.now,
    demo: deps.env.RETAILERS_MODE === 'demo',
    retentionDays: deps.env.PRICE_HISTORY_DAYS,
    past: deps.pastPrices ?? null,
  });
  return { service, routes: createPriceHistoryRoutes(service) };
}
