import type { Hono } from 'hono';
import type { Env } from './config/env';
import type { Db } from './db/database';
import type { StarterCatalogue } from './features/catalogue/catalogue.module';
import type { StarterFeeds } from './features/feeds/feeds.module';
import type { PharmacyRecord } from './features/pharmacies/pharmacy-record';
import type { PastPrices } from './features/price-history/price-history.service';
import type { LandingPageProduct } from './features/products/products.service';
import type { DemoRetailers } from './demo/demo-retailers';
import type { DemoClock } from './demo/demo-clock';
import type { DemoStripe } from './demo/stripe/demo-stripe';
import type { Logger } from './lib/log';
import type { Mailer } from './lib/mailer';
import type { HtmlTransformer } from './lib/web-static';
import type { RetailerConnector } from './retailers/types';
import type { StripeTarget } from './features/billing/stripe-gateway';

/**
 * The catalogue the features read through their ports: in demo mode the demo catalogue's, in live
 * mode none yet (LIVE_CATALOGUE; demo mode's are in demo/demo-adapters.ts) (the shops map EANs, searches fill the product pages, an import fills the map, the
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

/**
 * Everything the composition root hands out: compose.ts builds it once, app.ts wires it into the
 * features and never writes into it (ADR 144). Features never import this type: each declares the
 * narrower interface it needs (AccountsDeps, SearchDeps…), which AppDeps satisfies (docs/decisions/016).
 */
export interface AppDeps extends Readonly<CatalogueAdapters> {
  readonly env: Env;
  readonly db: Db;
  readonly mailer: Mailer;
  readonly log: Logger;
  /**
   * Clock in epoch milliseconds; injected so rules depending on time are testable. The real time: every
   * limit, pace, session, quota and throttle reads it, never the demo clock (ADR 122).
   */
  readonly now: () => number;
  /**
   * The clock of the prices: the demo shops' prices, the search cache's freshness, the price history's
   * day. The demo clock when staff can move it (demo mode with DEMO_CONTROLS), else the same as `now`.
   */
  readonly pricesNow: () => number;
  /** index.html rewriting for client routes (see HtmlTransformer), e.g. product landing pages. */
  readonly htmlTransformers?: readonly HtmlTransformer[];
  /** Retailer connectors the price search asks: the real shops, or the demo shops in demo mode. */
  readonly connectors: RetailerConnector[];
  /** Demo mode: the running demo retailer sites (tests inject faults and count requests through it). */
  readonly demoRetailers: DemoRetailers | null;
  /** Where billing's Stripe SDK goes: Stripe when STRIPE_* are set, else the local look-alike. */
  readonly stripe: StripeTarget | null;
  /** No Stripe configured: the running look-alike (its hosted pages are mounted; tests drive it). */
  readonly demoStripe: DemoStripe | null;
  /** Demo mode with DEMO_CONTROLS: the clock `pricesNow` reads, which staff move on by days (ADR 117, 122). */
  readonly demoClock: DemoClock | null;
  /** A product feed import ended (refused or not): the shop alarm judges at once, not at its next round (ADR 179). */
  readonly feedImportEnded?: () => void;
  /**
   * Tests only: registers extra routes (e.g. one that throws, to check the 500 answer). Production
   * never passes it, so no such endpoint exists there.
   */
  readonly extraRoutes?: (app: Hono) => void;
}
