import type { Env } from '../config/env';
import type { LandingPageProduct } from '../features/products/products.service';
import { findDemoProductByEan, getDemoCatalogue } from './catalogue';
import { DEMO_PHARMACIES } from './demo-pharmacies.data';
import { createDemoPastPrices } from './demo-price-history';
import { demoSamExport } from './demo-sam-export';
import type { DemoRetailers } from './demo-retailers';
import { NEWPHARMA_FEED_PATH } from './sites/newpharma.feed';

/** Every demo catalogue product (prescription-only ones excluded) has a landing page. */
function demoLandingProducts(shops: DemoRetailers): LandingPageProduct[] {
  return getDemoCatalogue()
    .filter((p) => !p.prescription)
    .map((p) => ({
      slug: p.slug,
      cnk: p.cnk,
      name: p.name.fr,
      names: p.name,
      brand: p.brand,
      // The picture as every demo shop serves it, at its stable path on the main app.
      image: shops.publicUrl(`${shops.baseUrls.farmaline}${p.image}`),
      category: p.category,
    }));
}

/**
 * Demo mode's adapters for the features' catalogue ports, chosen once by server.ts (ADR 145): the
 * features never import demo/, they read whatever the composition hands them. The return type is
 * left to inference so that demo/ needs nothing from the root: server.ts, which hands this object out as
 * the root's CatalogueAdapters, is where the compiler checks that it fits.
 */
export function demoCatalogueAdapters(env: Pick<Env, 'RETAILERS'>, shops: DemoRetailers) {
  return {
    cnkOfEan: (gtin: string) => findDemoProductByEan(gtin)?.cnk ?? null,
    landingProducts: demoLandingProducts(shops),
    pastPrices: createDemoPastPrices(env.RETAILERS),
    starterPharmacies: DEMO_PHARMACIES,
    starterCatalogue: demoSamExport(),
    // The demo Newpharma takes part through its feed, as the real one can (ADR 170).
    starterFeeds: {
      sources: { newpharma: `${shops.baseUrls.newpharma}${NEWPHARMA_FEED_PATH}` },
      rewriteUrl: (url: string) => shops.publicUrl(url),
    },
  };
}
