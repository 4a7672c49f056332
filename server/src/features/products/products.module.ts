import type { Locale } from '@pharmaradar/shared/locales';
import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
import { createEquivalentsRoutes } from './products-equivalents.routes';
import type { BestKnownPrices } from './products-equivalents.service';
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
  /** The catalogue's name for a CNK in a language: a page seen in a search bears it whenever the catalogue knows the code. */
  officialName?: (cnk: string, lang: Locale) => string | null;
}

/** What the product pages read from other features (app.ts wires them). */
export interface ProductPageSources {
  /** Current prices for the structured data (the price history). */
  offers?: OfferSummaries;
  /** "The same medicine, cheaper": the official catalogue and the best known prices (none: no route). */
  equivalents?: { catalogue: CatalogueLookup; prices: BestKnownPrices };
}

/**
 * Product landing pages: the API, index.html with the product's title and structured data for
 * /{slug}, the sitemap and robots.txt. `offers` (the price history, wired by app.ts) gives the
 * structured data its prices; `equivalents` adds GET /api/products/:cnk/equivalents/. The page itself is drawn by the first-screen feature (ADR 140).
 */
export function createProductsModule(deps: ProductsDeps, page: ProductPageSources = {}) {
  const service = createProductsService({
    repository: createProductsRepository(deps.db),
    catalogue: [...(deps.landingProducts ?? [])],
    ...(deps.verdict ? { verdict: deps.verdict } : {}),
    ...(deps.officialName ? { officialName: deps.officialName } : {}),
  });
  const routes = createProductsRoutes(service);
  if (page.equivalents) {
    const { catalogue, prices } = page.equivalents;
    routes.route(
      '/',
      createEquivalentsRoutes({
        catalogue,
        prices,
        slugsOf: service.slugsOf,
        shopNameOf: (cnk) => service.findByCnk(cnk)?.name ?? null,
      }),
    );
  }
  return {
    service,
    routes,
    htmlTransformer: createProductHtmlTransformer({ service, publicUrl: deps.env.PUBLIC_URL, ...page }),
    seoRoutes: createProductsSeoRoutes(service, deps.env.PUBLIC_URL),
  };
}
