import type { Locale } from './locales';
import type { ProductLandingResponse } from './product-landing';
import type { ProductPricesSeed } from './product-prices-seed';

// The first screen the server draws into index.html (issue 8 item 13, ADR 119): the built web app's
// server-side renderer (web/src/app/first-screen.ssr.tsx) turns a page into HTML; the server puts
// it inside #root and the app takes the screen over once it is ready to draw the same page.

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

/** What the web build's `dist-ssr/first-screen.js` exports. */
export interface FirstScreenRenderer {
  renderFirstScreen(page: FirstScreenPage): string;
}
