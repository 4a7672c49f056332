import type { Db } from '../../db/database';
import type { Logger } from '../../lib/log';
import { createProRepository } from './pro.repository';
import { createProPricesService, type PriceSearch } from './pro-prices.service';
import { createProRoutes, type RequirePro } from './pro.routes';

/** What the Pro tool needs from the app (app.ts wires the search service and the Pro check of accounts). */
export interface ProDeps {
  db: Db;
  log: Logger;
  now: () => number;
  search: PriceSearch;
  requirePro: RequirePro;
}

/** POST /api/pro/prices/ (batch pricing, SSE) and POST /api/groups/sync/ (DESIGN §7, §12). */
export function createProModule(deps: ProDeps) {
  const repository = createProRepository(deps.db);
  const prices = createProPricesService({ search: deps.search, repository, now: deps.now, log: deps.log });
  return { routes: createProRoutes({ requirePro: deps.requirePro, prices, repository, log: deps.log }) };
}
