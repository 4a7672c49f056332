import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
import { createProductHtmlTransformer } from './products-html';
import type { OfferSummaries } from './products-json-ld';
import { createProductsSeoRoutes } from './products-seo.routes';
import { createProductsRepository } from './products.repository';
import { createProductsRoutes } from './products.routes';
import { createProductsService, type LandingPageProduct } from './products.service';

/** What the product pages need from the app (app.ts wires it). */
export interface ProductsDeps {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  /** Products with a landing page before any search (demo mode: the demo catalogue's; live: none). */
  landingProducts?: readonly LandingPageProduct[];
  /** The official catalogue's verdict: a pack it never offers has no page (ADR 157). */
  verdict?: CatalogueLookup['verdict'];
}

/**
 * Product landing pages: the API, index.html with the product's title and structured data for
 * /{slug}, the sitemap and robots.txt. `offers` (the price history, wired by app.ts) gives the
 * structured data its prices. The page itself is drawn by the first-screen feature (ADR 140).
 */
export function createProductsModule(deps: ProductsDeps, page: { offers?: OfferSummaries } = {}) {
  const service = createProductsService({
    repository: createProductsRepository(deps.db),
    catalogue: [...(deps.landingProducts ?? [])],
    ...(deps.verdict ? { verdict: deps.verdict } : {}),
  });
  return {
    service,
    routes: createProductsRoutes(service),
    htmlTransformer: createProductHtmlTransformer({ service, publicUrl: deps.env.PUBLIC_URL, ...page }),
    seoRoutes: createProductsSeoRoutes(service, deps.env.PUBLIC_URL),
  };
}
