import { createLeases } from '../../db/leases.repository';
import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/log';
import type { RetailerConnector } from '../../retailers/types';
import type { SearchCatalogue } from './search-official';
import { createSearchCacheRepository } from './search-cache.repository';
import { createSearchRoutes, searchRateLimit } from './search.routes';
import {
  createSearchService,
  type CatalogueBarcodes,
  type MarketStore,
  type PriceRecorder,
  type ProductPages,
  type SearchActivity,
} from './search.service';

export type { SearchActivity } from './search.service';

/** What the price search needs from the app (app.ts wires it, with the product pages). */
export interface SearchDeps {
  db: Db;
  env: Pick<
    Env,
    'RETAILER_TIMEOUT_MS' | 'SEARCH_CACHE_TTL_S' | 'RETAILERS_MODE' | 'SEARCH_RATE_LIMIT_PER_MIN' | 'WEB_CONCURRENCY'
  >;
  /** The retailer connectors to ask (none: searches find nothing). */
  connectors?: RetailerConnector[];
  /** The official catalogue's GTIN -> CNK lookup, asked first; see SearchServiceDeps.barcodes. */
  barcodes?: CatalogueBarcodes;
  /** EAN/GTIN -> CNK pairs seen on the shops' pages (demo mode: the demo shops'); see SearchServiceDeps.cnkOfEan. */
  cnkOfEan?: ((gtin: string) => string | null) | null;
  log: Logger;
  now: () => number;
  /** Where per-retailer outcomes and query counts go (the staff admin; none = not recorded). */
  activity?: SearchActivity;
  /** The official catalogue's lookup (ADR 157, 158); none: the shops' flags decide. */
  catalogue?: SearchCatalogue;
}

/**
 * Builds the price search from the app's dependencies; app.ts mounts it under /api and hands it the
 * product pages and the price history.
 */
export function createSearchModule(
  deps: SearchDeps,
  pages: ProductPages,
  prices?: PriceRecorder,
  market?: MarketStore,
) {
  const { env } = deps;
  const service = createSearchService({
    connectors: deps.connectors ?? [],
    cache: createSearchCacheRepository(deps.db),
    leases: createLeases(deps.db),
    pages,
    activity: deps.activity,
    ...(prices ? { prices } : {}),
    ...(market ? { market } : {}),
    ...(deps.barcodes ? { barcodes: deps.barcodes } : {}),
    ...(deps.cnkOfEan ? { cnkOfEan: deps.cnkOfEan } : {}),
    ...(deps.catalogue ? { catalogue: deps.catalogue } : {}),
    timeoutMs: env.RETAILER_TIMEOUT_MS,
    cacheTtlMs: env.SEARCH_CACHE_TTL_S * 1000,
    demo: env.RETAILERS_MODE === 'demo',
    now: deps.now,
    log: deps.log,
  });
  const limit = searchRateLimit(env.SEARCH_RATE_LIMIT_PER_MIN, deps.db, env.WEB_CONCURRENCY);
  const routes = createSearchRoutes({ service, limit, log: deps.log });
  // `limit`: other routes that run a search for a client count in the same budget (ADR 140).
  return { service, routes, limit };
}
