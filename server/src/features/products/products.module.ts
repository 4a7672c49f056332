import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import { getDemoCatalogue } from '../../demo/catalogue';
import type { DemoRetailers } from '../../demo/demo-retailers';
import { createProductHtmlTransformer } from './products-html';
import type { OfferSummaries } from './products-json-ld';
import { createProductsSeoRoutes } from './products-seo.routes';
import { createProductsRepository } from './products.repository';
import { createProductsRoutes } from './products.routes';
import { createProductsService, type LandingPageProduct } from './products.service';

/** What the product pages need from the app (app.ts wires it). */
export interface ProductsDeps {
  db: Db;
  env: Pick<Env, 'RETAILERS_MODE' | 'PUBLIC_URL'>;
  /** Demo mode: the running demo shops, whose pictures the landing pages show. */
  demoRetailers?: DemoRetailers | null;
}

/** Demo mode: every demo catalogue product (prescription-only ones excluded) has a landing page. */
function demoLandingProducts(demo: DemoRetailers | null | undefined): LandingPageProduct[] {
  return getDemoCatalogue()
    .filter((p) => !p.prescription)
    .map((p) => ({
      slug: p.slug,
      cnk: p.cnk,
      name: p.name.fr,
      names: p.name,
      brand: p.brand,
      // The picture as every demo shop serves it, at its stable path on the main app.
      image: demo ? demo.publicUrl(`${demo.baseUrls.farmaline}${p.image}`) : null,
      category: p.category,
    }));
}

/**
 * Product landing pages: the API, index.html with the product's title and structured data for
 * /{slug}, the sitemap and robots.txt. `offers` (the price history, wired by app.ts) gives the
 * structured data its prices. The page itself is drawn by the first-screen feature (ADR 140).
 */
export function createProductsModule(deps: ProductsDeps, page: { offers?: OfferSummaries } = {}) {
  const demo = deps.env.RETAILERS_MODE === 'demo';
  const service = createProductsService({
    repository: createProductsRepository(deps.db),
    catalogue: demo ? demoLandingProducts(deps.demoRetailers) : [],
  });
  return {
    service,
    routes: createProductsRoutes(service),
    htmlTransformer: createProductHtmlTransformer({ service, publicUrl: deps.env.PUBLIC_URL, ...page }),
    seoRoutes: createProductsSeoRoutes(service, deps.env.PUBLIC_URL),
  };
}
