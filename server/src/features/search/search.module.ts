import type { AppDeps } from '../../app';
import { createProductsRepository } from '../products/products.repository';
import type { ProductsService } from '../products/products.service';
import { createSearchCacheRepository } from './search-cache.repository';
import { createSearchRoutes } from './search.routes';
import { createSearchService } from './search.service';

/** Builds the price search from the app's dependencies; mounted by app.ts under /api. */
export function createSearchModule(deps: AppDeps, products: ProductsService) {
  const { env } = deps;
  const service = createSearchService({
    connectors: deps.connectors ?? [],
    cache: createSearchCacheRepository(deps.db),
    products: createProductsRepository(deps.db),
    timeoutMs: env.RETAILER_TIMEOUT_MS,
    cacheTtlMs: env.SEARCH_CACHE_TTL_S * 1000,
    demo: env.RETAILERS_MODE === 'demo',
    now: deps.now,
    log: deps.log,
    catalogueSlug: products.catalogueSlug,
  });
  const routes = createSearchRoutes({ service, rateLimitPerMinute: env.SEARCH_RATE_LIMIT_PER_MIN, log: deps.log });
  return { service, routes };
}
