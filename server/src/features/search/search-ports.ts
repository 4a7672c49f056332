import type { Leases } from '../../db/leases.repository';
import type { Locale } from '@pharmaradar/shared/locales';
import type { SearchEvent } from '@pharmaradar/shared/search.schema';
import type { Logger } from '../../lib/log';
import type { RetailerConnector, RetailerOffer, SearchQuery, ShopLanguage } from '../../retailers/types';
import type { RetailerAnswer } from './retailer-call';
import type { SearchCatalogue } from './search-official';
import type { SearchCacheRepository } from './search-cache.repository';

/** A product with a CNK seen in a fresh retailer answer. */
export type SeenProduct = { cnk: string; name: string; brand: string | null; image: string | null };

/**
 * What the search needs from the product landing pages, injected by app.ts (the products feature
 * provides it): the search records the products it sees and links each card to its page.
 */
export type ProductPages = {
  recordProducts(products: SeenProduct[], now: number): void;
  /** Landing slugs of the CNKs that have a page. Read-only: a search served from cache writes nothing. */
  slugsOf(cnks: readonly string[]): ReadonlyMap<string, string>;
};

/** One upstream retailer call (cache hits never reach the retailer). */
export type RetailerCallOutcome = Pick<RetailerAnswer, 'retailer' | 'status' | 'error' | 'reason' | 'ms' | 'fetchedAt'>;

/**
 * What the search reports for the staff admin's retailer health and search statistics, injected by
 * app.ts (the admin feature records it). Calls must be cheap and must not throw into a search.
 */
export type SearchActivity = {
  retailerCalled(outcome: RetailerCallOutcome): void;
  /** A consumer search (not Pro batch pricing) of a normalised query and how many products it found. */
  searched(query: string, products: number, at: number): void;
};

/** A price seen in a fresh retailer answer, for the price history (euros). */
export type ObservedPrice = {
  retailer: string;
  cnk: string;
  price: number;
  inStock: boolean | null;
  wasPrice?: number;
};

/**
 * What the search needs from the price history, injected by app.ts (the price-history feature
 * provides it): every price a fresh answer shows is kept; cached answers record nothing.
 */
export type PriceRecorder = {
  recordPrices(observations: readonly ObservedPrice[], now: number): void;
};

/**
 * What the search needs from the official catalogue, injected by app.ts (the catalogue feature
 * provides it): the CNK of a scanned or typed GTIN, or null when the catalogue does not know it.
 */
export type CatalogueBarcodes = { byGtin(gtin: string): string | null };

/** A shop's answer as the market store keeps it (the market feature's StoredAnswer). */
export type MarketAnswer = { status: 'ok' | 'empty'; offers: RetailerOffer[]; ms: number; fetchedAt: number };

/**
 * The market kept warm (docs/architecture.md#market-store), injected by app.ts (the market feature
 * provides it): every fresh answer a search gets is written into it, and a CNK whose every page shop
 * has a fresh price there can be answered from it without asking a shop. Must not throw into a search.
 */
export type MarketStore = {
  /**
   * `query` carries the language the shop was asked in (its own, or French: askedLanguage), so a
   * stored answer's names are those of its reader's language.
   */
  recordAnswer(retailer: string, query: SearchQuery, answer: MarketAnswer): void;
  /** CNKs someone asked for (searched, priced, checked by an alert): the refresh job keeps them warm. */
  want(cnks: readonly string[]): void;
  /** The shop's stored answer for `cnk`, asked in `lang`, while fresh (MARKET_FRESH_H), else null. */
  freshAnswer(retailer: string, cnk: string, lang: ShopLanguage): MarketAnswer | null;
  /** When a stored price fetched at `fetchedAt` stops being fresh (the store's one freshness rule). */
  freshUntil(fetchedAt: number): number;
};

export type SearchServiceDeps = {
  connectors: readonly RetailerConnector[];
  cache: SearchCacheRepository;
  /**
   * Leases shared by the server processes (WEB_CONCURRENCY): one of them asks a shop for a query
   * while the others wait for its answer in the cache (ADR 177). None: this process alone coalesces.
   */
  leases?: Leases;
  pages: ProductPages;
  activity?: SearchActivity;
  prices?: PriceRecorder;
  market?: MarketStore;
  /** The official catalogue's barcodes: the first source of a GTIN's CNK (docs/decisions/153). */
  barcodes?: CatalogueBarcodes;
  /**
   * EAN/GTIN -> CNK pairs seen on the shops' pages (demo mode: the demo shops'), asked when the
   * official catalogue does not know the code; failing both, the CNK comes from the shops that search
   * by EAN (docs/architecture.md#regulated-facts: a lookup, no formula).
   */
  cnkOfEan?: (gtin: string) => string | null;
  /**
   * The official catalogue (SAM): what a search may show and the official data on each product (ADR
   * 157, 158). Without one, the shops' own prescription flags decide, as before it existed.
   */
  catalogue?: SearchCatalogue;
  timeoutMs: number;
  cacheTtlMs: number;
  demo: boolean;
  now: () => number;
  log: Logger;
};

export type SearchListener = (event: SearchEvent) => void;

/**
 * count: a consumer search, counted in the search statistics (Pro batch pricing is not). lang: the
 * interface language, French when absent; the shops are asked in it where they have it (ADR 148).
 * client: whose turn its requests to the shops take, from clientShareKey (ADR 188); none: the
 * server's own work (price alerts), all of it one client.
 */
export type RunOptions = { count?: boolean; lang?: Locale; client?: string };
