import { z } from 'zod';
import type { Locale } from './locales';
import { priceHistoryResponseSchema } from './price-history.schema';
import type { ProductLandingResponse } from './product-landing';
import { searchResultSchema, type SearchEvent } from './search.schema';

// The first screen the server draws into index.html (ADR 119-121, ADR 140): the built web app's
// server-side renderer (web/src/app/ssr/first-screen.ssr.tsx) turns a page into HTML; the server
// (server/src/features/first-screen) puts it inside #root and the app takes the screen over once it
// is ready to draw the same page. This file is its contract: the data a drawn page carries, the
// prices answer, the renderer. The marks on the page (attributes, ids) are in first-screen-markup.ts,
// without zod, for the small entry that runs before the app (ADR 140).

/**
 * What a drawn product page shows beyond the product itself: the prices the server's search cache
 * holds for its CNK, and its price history. The server draws them into the page and embeds them as
 * JSON, so the app takes the page over with the same prices and history instead of asking again.
 */
export const productPricesSeedSchema = z.object({
  cnk: z.string(),
  /**
   * Every retailer's answer for the CNK, all from the cache (null when one would need a live
   * request); `freshUntil` is when the oldest of them leaves the cache, after which the app asks again.
   */
  search: z.object({ result: searchResultSchema, freshUntil: z.string() }).nullable(),
  history: priceHistoryResponseSchema.nullable(),
});
export type ProductPricesSeed = z.infer<typeof productPricesSeedSchema>;

/**
 * GET /api/first-screen/prices/?path={the page's address}: a product page drawn without cached prices
 * asks once (ADR 140). The server runs the search for the product's CNK, then answers the page's price parts
 * drawn with every retailer's price (`parts`: the `[data-prices-part]` elements, in page order) and
 * the JSON the app takes the page over with (`seed`, the content of the `PRICES_SEED_ID` script).
 */
export const firstScreenPricesResponseSchema = z.object({ parts: z.string(), seed: productPricesSeedSchema });
export type FirstScreenPricesResponse = z.infer<typeof firstScreenPricesResponseSchema>;

export type FirstScreenPage =
  | { page: 'home'; locale: Locale; path: string }
  | {
      page: 'product';
      locale: Locale;
      path: string;
      product: ProductLandingResponse;
      /** Cached prices and price history drawn with the product (ADR 121); absent, the app fetches them. */
      prices?: ProductPricesSeed;
    }
  /** A product page the server has no product for, sent with a 404: the app's not-found page. */
  | { page: 'not-found'; locale: Locale; path: string };

/**
 * A product page's price parts alone, drawn with every retailer's price (ADR 140); or, with `events`
 * and no `prices.search`, drawn as the search under way after those events (ADR 167: each shop as it
 * answers).
 */
export type ProductPricesPage = { locale: Locale; path: string; prices: ProductPricesSeed; events?: SearchEvent[] };

/**
 * The home page's results part alone (ADR 167): the search of `query` after `events`, drawn as the
 * app's home page draws it, for a search made before the app has taken the page over.
 */
export type SearchResultsPage = {
  locale: Locale;
  path: string;
  query: string;
  events: SearchEvent[];
  /**
   * The search ended without a result, or was not run (ADR 180: a search address refused or failed):
   * drawn as the app draws that error, `detail` (already translated) shown under its message.
   */
  failed?: { code: string; detail: string | null };
};

/**
 * GET /api/first-screen/search/?q=&lang= (text/event-stream, ADR 167): a search made on the drawn home
 * page before the app runs. Each `parts` event carries the results part drawn anew after one more
 * retailer answered; the last, `done`, also carries the result the app takes the page over with.
 * GET /api/first-screen/prices/ asked for text/event-stream answers the same way, its `done` carrying
 * the product page's seed instead.
 */
export const firstScreenPartsEventSchema = z.object({ parts: z.string() });
export const firstScreenSearchDoneSchema = z.object({ parts: z.string(), result: searchResultSchema });

/** What the web build's `dist-ssr/first-screen.js` exports. */
export interface FirstScreenRenderer {
  renderFirstScreen(page: FirstScreenPage): string;
  /** The `[data-prices-part]` elements of the product page, as the full page draws them. */
  renderProductPrices(page: ProductPricesPage): string;
  /** The home page's results part (`[data-prices-part="results"]`), as the home page draws it (ADR 167). */
  renderSearchResults?(page: SearchResultsPage): string;
}
