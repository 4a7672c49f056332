import type { Env } from '../config/env';
import type { StarterCatalogue } from '../features/catalogue/catalogue.module';
import type { StarterFeeds } from '../features/feeds/feeds.module';
import type { PharmacyRecord } from '../features/pharmacies/pharmacy-record';
import type { PastPrices } from '../features/price-history/price-history.service';
import type { LandingPageProduct } from '../features/products/products.service';
import { findDemoProductByEan, getDemoCatalogue } from './catalogue';
import { DEMO_PHARMACIES } from './demo-pharmacies.data';
import { createDemoPastPrices } from './demo-price-history';
import { demoSamExport } from './demo-sam-export';
import type { DemoRetailers } from './demo-retailers';
import { NEWPHARMA_FEED_PATH } from './sites/newpharma.feed';

/**
 * The catalogue the features read through their ports: in demo mode the demo catalogue's, in live
 * mode none yet (the shops map EANs, searches fill the product pages, an import fills the map, the
 * weekly update fills the official catalogue).
 */
export interface CatalogueAdapters {
  /** The search's EAN/GTIN -> CNK lookup (SearchDeps.cnkOfEan). */
  cnkOfEan: ((gtin: string) => string | null) | null;
  /** Products with a landing page before any search (ProductsDeps.landingProducts). */
  landingProducts: readonly LandingPageProduct[];
  /** The past of a product read before it was seen (PriceHistoryDeps.pastPrices). */
  pastPrices: PastPrices | null;
  /** The nearby map's starting set (PharmaciesDeps.starterPharmacies). */
  starterPharmacies: readonly PharmacyRecord[];
  /** The official catalogue imported at start (CatalogueDeps.starterCatalogue); live: the weekly update. */
  starterCatalogue: StarterCatalogue | null;
  /** Feeds read without RETAILER_FEEDS naming them (FeedsDeps.starterFeeds): the demo Newpharma's. */
  starterFeeds: StarterFeeds | null;
}

export const LIVE_CATALOGUE: CatalogueAdapters = Object.freeze({
  cnkOfEan: null,
  landingProducts: [],
  pastPrices: null,
  starterPharmacies: [],
  starterCatalogue: null,
  starterFeeds: null,
});

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
 * features never import demo/, they read whatever the composition hands them.
 */
export function demoCatalogueAdapters(env: Pick<Env, 'RETAILERS'>, shops: DemoRetailers): CatalogueAdapters {
  return {
    cnkOfEan: (gtin) => findDemoProductByEan(gtin)?.cnk ?? null,
    landingProducts: demoLandingProducts(shops),
    pastPrices: createDemoPastPrices(env.RETAILERS),
    starterPharmacies: DEMO_PHARMACIES,
    starterCatalogue: demoSamExport(),
    // The demo Newpharma takes part through its feed, as the real one can (ADR 170).
    starterFeeds: {
      sources: { newpharma: `${shops.baseUrls.newpharma}${NEWPHARMA_FEED_PATH}` },
      rewriteUrl: (url) => shops.publicUrl(url),
    },
  };
}
