import type { ShopLanguage } from '@pharmaradar/shared/locales';

// The connector contract shared by the retailer connectors (this folder) and the search service.
// Connectors return every offer they parse, prescription items included (prescription=true): the
// search service is the one place that filters them out, so the rule lives in one spot and stays testable.

/** The shops the project has a page connector for (and a demo shop of). */
export const RETAILER_IDS = ['farmaline', 'medimarket', 'multipharma', 'newpharma'] as const;
export type RetailerId = (typeof RETAILER_IDS)[number];
/**
 * Any shop the configuration searches: a page connector's id, or a shop read only from its feed
 * (lowercase letters, digits and dashes; docs/decisions/179).
 */
export type ShopId = string;
export const SHOP_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * For kind 'cnk', value is already normalised to 7 digits; for kind 'ean', the canonical GTIN. Only
 * connectors with `searchesByEan` are ever asked an 'ean' query (the search service asks the others
 * by the CNK it maps the EAN to).
 */
export type SearchQuery = {
  kind: 'cnk' | 'name' | 'ean';
  value: string;
  /** The language the shop is asked in; absent = French. Only a language in `languages` is asked. */
  lang?: ShopLanguage;
};

export type { ShopLanguage };

export type RetailerOffer = {
  retailer: ShopId;
  name: string;
  brand: string | null;
  cnk: string | null;
  price: number;
  currency: 'EUR';
  url: string | null;
  image: string | null;
  inStock: boolean | null;
  prescription: boolean;
  /** The struck-out 'was' price the shop shows beside the price, only when above the price. */
  wasPrice?: number;
  /**
   * The GTIN the page's structured data states, canonical and check digit verified
   * (lib/structured-data.ts); absent when the page states none or a wrong one.
   */
  gtin?: string;
  /**
   * 'name' when a CNK search found this offer by a name search because the page does not show the
   * CNK (docs/decisions/134): the offer is then not known to be that CNK. Absent otherwise.
   */
  matchedBy?: 'name';
  /** The link goes through the shop's affiliate link template (RETAILER_LINK_TEMPLATES). Absent otherwise. */
  sponsored?: true;
};

/**
 * error: network/HTTP failure; timeout: hard per-retailer timeout hit; blocked: 403/429 or host cooling
 * down after one; parse_failed: the page no longer has a structure we recognise.
 */
export type RetailerFailure = 'error' | 'timeout' | 'blocked' | 'parse_failed';

export class RetailerError extends Error {
  constructor(
    readonly kind: RetailerFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RetailerError';
  }
}

export interface RetailerConnector {
  readonly id: ShopId;
  readonly label: string;
  readonly baseUrl: string;
  /**
   * The languages the shop has pages in, French first (ADR 148). A query in another language is asked
   * in French, so the search keeps one cached answer for both. The offers' links are pages in the
   * language asked, and the reader is told when it is not theirs (docs/decisions/232).
   */
  readonly languages: readonly ShopLanguage[];
  /** The shop's own search finds products by EAN/GTIN (Farmaline, docs/retailers.md#farmaline). */
  readonly searchesByEan?: boolean;
  /**
   * A source answering from stored data (a shop's feed): when that data was read, the answer's
   * fetchedAt; null or absent: the time of the call.
   */
  readonly fetchedAt?: () => number | null;
  /** Resolves with every parsed offer ([] = the retailer answered "no results"); rejects with RetailerError. */
  search(query: SearchQuery, signal: AbortSignal): Promise<RetailerOffer[]>;
}

/**
 * A shop read from its merchant feed answers from data stored here: asking it fetches nothing, so
 * the market refresh job never asks it and a stored answer never stands in for its own.
 */
export function isFeedShop(connector: Pick<RetailerConnector, 'fetchedAt'>): boolean {
  return connector.fetchedAt !== undefined;
}

export function isRetailerId(value: string): value is RetailerId {
  return (RETAILER_IDS as readonly string[]).includes(value);
}

/** The language `connector` is asked `query` in: the query's when the shop has it, else French. */
export function askedLanguage(connector: Pick<RetailerConnector, 'languages'>, query: SearchQuery): ShopLanguage {
  return query.lang && connector.languages.includes(query.lang) ? query.lang : 'fr';
}
