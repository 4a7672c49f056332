import { z } from 'zod';
import type { Locale } from './locales';
import { priceHistoryResponseSchema } from './price-history.schema';
import type { ProductLandingResponse } from './product-landing';
import { searchResultSchema } from './search.schema';

// The first screen the server draws into index.html (ADR 119-121, ADR 140): the built web app's
// server-side renderer (web/src/first-screen/first-screen.ssr.tsx) turns a page into HTML; the server
// (server/src/features/first-screen) puts it inside #root and the app takes the screen over once it
// is ready to draw the same page. The small entry (web/src/main.tsx) reads only the constants below:
// the schemas are for the server and the app, and stay out of it (nothing there imports them).

/** Attribute on #root when it holds a server-drawn first screen; its value names the page. */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/**
 * Attribute on #root when the drawn page is whole without the app (ADR 121): the home page, and a
 * product page whose prices the server drew from its cache. The app then starts on the visitor's
 * first touch instead of at once (ADR 120).
 */
export const FIRST_SCREEN_WHOLE_ATTRIBUTE = 'data-first-screen-whole';

/**
 * Attribute on the parts of a product page that show its prices and their history: a page drawn
 * without cached prices gets them completed in place once the server has them (ADR 121).
 */
export const PRICES_PART_ATTRIBUTE = 'data-prices-part';

/** id of the `<script type="application/json">` carrying the product the page was drawn with. */
export const LANDING_SEED_ID = 'first-screen-landing';

/** id of the `<script type="application/json">` carrying the drawn prices and history (ADR 121). */
export const PRICES_SEED_ID = 'first-screen-prices';

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
export const firstScreenPricesResponseSchema = z.object({
  parts: z.string(),
  seed: productPricesSeedSchema,
});
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
    };

/** A product page's price parts alone, drawn with every retailer's price (ADR 140). */
export type ProductPricesPage = { locale: Locale; path: string; prices: ProductPricesSeed };

/** What the web build's `dist-ssr/first-screen.js` exports. */
export interface FirstScreenRenderer {
  renderFirstScreen(page: FirstScreenPage): string;
  /** The `[data-prices-part]` elements of the product page, as the full page draws them. */
  renderProductPrices(page: ProductPricesPage): string;
}
