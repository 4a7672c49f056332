import type { AppDeps } from '../../app';
import { createSearchCacheRepository } from './search-cache.repository';
import { createSearchRoutes } from './search.routes';
import { createSearchService, type ProductPages } from './search.service';

/** Builds the price search from the app's dependencies; app.ts mounts it under /api and hands it the product pages. */
export function createSearchModule(deps: AppDeps, pages: ProductPages) {
  const { env } = deps;
  const service = createSearchService({
    connectors: deps.connectors ?? [],
    cache: createSearchCacheRepository(deps.db),
    pages,
    timeoutMs: env.RETAILER_TIMEOUT_MS,
    cacheTtlMs: env.SEARCH_CACHE_TTL_S * 1000,
    demo: env.RETAILERS_MODE === 'demo',
    now: deps.now,
    log: deps.log,
  });
  const routes = createSearchRoutes({ service, rateLimitPerMinute: env.SEARCH_RATE_LIMIT_PER_MIN, log: deps.log });
  return { service, routes };
}
