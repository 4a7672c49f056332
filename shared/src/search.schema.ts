import { z } from 'zod';
import { apiErrorSchema, type ApiError } from './api-error';
import { DEFAULT_LOCALE, LOCALES } from './locales';
import { unitPriceSchema } from './unit-price.schema';

// The price-search contract (docs/architecture.md#search-contract). The server validates requests with it and the web
// parses every SSE event and the final JSON with it, so both sides agree on one definition.

import { MAX_OFFERS_PER_PRODUCT, SEARCH_QUERY_MAX_LENGTH } from './search-limits';

export { MAX_OFFERS_PER_PRODUCT, SEARCH_QUERY_MAX_LENGTH } from './search-limits';

export const localeSchema = z.enum(LOCALES);

export const searchRequestSchema = z.object({
  q: z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().min(1).max(SEARCH_QUERY_MAX_LENGTH)),
  /** The interface language: the shops are asked in it where they have it (ADR 148). */
  lang: localeSchema.default(DEFAULT_LOCALE),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const queryKindSchema = z.enum(['cnk', 'name', 'ean']);
export type QueryKind = z.infer<typeof queryKindSchema>;

export const SEARCH_STAGES = ['launching', 'first_results', 'deep_analysis', 'complete'] as const;
export const searchStageSchema = z.enum(SEARCH_STAGES);
export type SearchStage = z.infer<typeof searchStageSchema>;

export const RETAILER_STATUSES = ['ok', 'empty', 'error', 'timeout', 'blocked'] as const;
export const retailerStatusSchema = z.enum(RETAILER_STATUSES);
export type RetailerStatus = z.infer<typeof retailerStatusSchema>;

/** Why a retailer failed; a page we could not parse is status 'error' with error 'parse_failed'. */
export const retailerErrorCodeSchema = z.enum(['error', 'timeout', 'blocked', 'parse_failed']);
export type RetailerErrorCode = z.infer<typeof retailerErrorCodeSchema>;

const nullableText = z.string().nullable();

/** One retailer's price for one product. `name` is the retailer's own label for the item. */
export const searchOfferSchema = z.object({
  retailer: z.string().min(1),
  name: z.string(),
  price: z.number().nonnegative(),
  currency: z.literal('EUR'),
  url: nullableText,
  best: z.boolean(),
  brand: nullableText,
  cnk: nullableText,
  /** The CNK (kind 'cnk') or canonical GTIN (kind 'ean') that was searched for, else null. */
  searchedCode: nullableText,
  image: nullableText,
  inStock: z.boolean().nullable(),
  unitPrice: unitPriceSchema.nullish(),
  wasPrice: z.number().nonnegative().optional(), // struck-out 'was' price the shop shows (prior-price check, ADR 105)
  /** 'name': a CNK search found this offer by name, the shop's page does not show the CNK (ADR 134). */
  matchedBy: z.literal('name').optional(),
  /** The link is an affiliate link (the shop's link template): the web app marks it rel="sponsored". */
  sponsored: z.literal(true).optional(),
  /**
   * The language of the shop's page the link opens: the one the shop was asked in (ADR 148). The web
   * app says so when it is not the reader's (docs/decisions/232). Absent in answers kept from before.
   */
  pageLanguage: z.enum(['fr', 'nl']).optional(),
});
export type SearchOffer = z.infer<typeof searchOfferSchema>;

/**
 * What the official catalogue (SAM) says about a product's pack, in the language asked for (fr when it
 * has no name in it). Only medicine packs the catalogue knows carry it; see docs/decisions/158.
 */
export const officialPackSchema = z.object({
  /** The product's official name (e.g. "Dafalgan 500 mg"). */
  name: z.string(),
  /** The pack as the catalogue writes it: its official pack name, else its display value ("30"). */
  pack: nullableText,
  /** The pack's first GTIN (canonical, 13 digits when it can be). */
  gtin: nullableText,
  /** The first ATC code. */
  atc: nullableText,
  prescription: z.boolean(),
  /** AUTHORIZED, SUSPENDED or REVOKED (other values verbatim). */
  status: z.string(),
  /** On the market now (a pack off the market may still be sold from stock). */
  marketed: z.boolean(),
  /** Same substance, strength and form. */
  vmp: z.object({ code: z.string(), name: z.string() }).nullable(),
});
export type OfficialPack = z.infer<typeof officialPackSchema>;

export const searchProductSchema = z.object({
  cnk: nullableText,
  name: z.string(),
  brand: nullableText,
  image: nullableText,
  /** Landing-page slug (/{slug}) when the product has one, i.e. when its CNK is known. */
  slug: nullableText,
  offers: z.array(searchOfferSchema).max(MAX_OFFERS_PER_PRODUCT),
  /**
   * The official catalogue's data for the product's CNK, or null when it does not know the code. The
   * server always sends it; absent in results kept by older versions of the app.
   */
  official: officialPackSchema.nullish(),
});
export type SearchProduct = z.infer<typeof searchProductSchema>;

/**
 * A progress stage. 'launching' opens every stream and says at once whether the prices will come from
 * the bundled demo shops (`demo`), so the page can say so before any price shows.
 */
export const searchStageEventSchema = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('launching'), demo: z.boolean() }),
  z.object({ stage: searchStageSchema.exclude(['launching']) }),
]);
export type SearchStageEvent = z.infer<typeof searchStageEventSchema>;

/** One retailer's answer, sent as soon as it arrives. Offers are that retailer's alone (best=false). */
export const searchRetailerEventSchema = z.object({
  retailer: z.string().min(1),
  /** The shop's display name (ADR 179). */
  name: z.string().min(1).optional(),
  status: retailerStatusSchema,
  ms: z.number().int().nonnegative(),
  offers: z.array(searchOfferSchema),
  error: retailerErrorCodeSchema.optional(),
  /** True when this answer came from the server cache (ms is then the original fetch time). */
  cached: z.boolean().optional(),
});
export type SearchRetailerEvent = z.infer<typeof searchRetailerEventSchema>;

export const searchRetailerSummarySchema = z.object({
  id: z.string().min(1),
  /** The shop's display name; kept in the saved answer so a shop the web does not know is named offline. */
  name: z.string().min(1).optional(),
  status: retailerStatusSchema,
  ms: z.number().int().nonnegative(),
  error: retailerErrorCodeSchema.optional(),
});
export type SearchRetailerSummary = z.infer<typeof searchRetailerSummarySchema>;

export const searchResultSchema = z.object({
  query: z.string(),
  kind: queryKindSchema,
  products: z.array(searchProductSchema),
  retailers: z.array(searchRetailerSummarySchema),
  /** ISO time the prices were fetched (the oldest answer used when some came from cache). */
  fetchedAt: z.string(),
  /** True when every retailer answer came from the cache. */
  cached: z.boolean(),
  /** True when the prices come from the bundled demo retailer sites, not the real shops. */
  demo: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The part of GET /api/health the web reads: whether this server runs on the demo shops. */
export const retailersModeSchema = z.object({ demo: z.boolean() });
export type RetailersMode = z.infer<typeof retailersModeSchema>;

/** SSE event names and the schema of each event's JSON data. */
export const searchEventSchemas = {
  stage: searchStageEventSchema,
  retailer: searchRetailerEventSchema,
  result: searchResultSchema,
  /** Sent instead of `result` when the search itself broke (not a retailer: those are statuses). */
  error: apiErrorSchema,
} as const;
export type SearchEventName = keyof typeof searchEventSchemas;
export type SearchEvent =
  | { event: 'stage'; data: SearchStageEvent }
  | { event: 'retailer'; data: SearchRetailerEvent }
  | { event: 'result'; data: SearchResult }
  | { event: 'error'; data: ApiError };

/** Parses one SSE event (name + raw data string); returns null for unknown events or bad data. */
export function parseSearchEvent(event: string, data: string): SearchEvent | null {
  if (!(event in searchEventSchemas)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = searchEventSchemas[event as SearchEventName].safeParse(json);
  return parsed.success ? ({ event, data: parsed.data } as SearchEvent) : null;
}
