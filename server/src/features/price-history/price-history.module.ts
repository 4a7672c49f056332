import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import { getDemoCatalogue } from '../../demo/catalogue';
import type { DemoHistoryProduct } from './price-history.demo';
import { createPriceHistoryRepository } from './price-history.repository';
import { createPriceHistoryRoutes } from './price-history.routes';
import { createPriceHistoryService } from './price-history.service';

/** What the price history needs from the app (app.ts wires it). */
export interface PriceHistoryDeps {
  db: Db;
  env: Pick<Env, 'RETAILERS_MODE' | 'RETAILERS' | 'PRICE_HISTORY_DAYS'>;
  now: () => number;
}

function demoCatalogue(): Map<string, DemoHistoryProduct> {
  return new Map(getDemoCatalogue().map((p) => [p.cnk, p]));
}

/** Price history: the search records into it, the product pages read it (API, JSON-LD). */
export function createPriceHistoryModule(deps: PriceHistoryDeps) {
  const demo = deps.env.RETAILERS_MODE === 'demo';
  const service = createPriceHistoryService({
    repository: createPriceHistoryRepository(deps.db),
    now: deps.now,
    demo,
    retentionDays: deps.env.PRICE_HISTORY_DAYS,
    ...(demo ? { demoCatalogue: demoCatalogue(), demoRetailers: deps.env.RETAILERS } : {}),
  });
  return { service, routes: createPriceHistoryRoutes(service) };
}
