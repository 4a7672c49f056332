import type { Locale } from './locales';
import type { ProductLandingResponse } from './product-landing';

// The first screen the server draws into index.html (issue 8 item 13, ADR 119): the built web app's
// server-side renderer (web/src/app/first-screen.ssr.tsx) turns a page into HTML; the server puts
// it inside #root and the app takes the screen over once it is ready to draw the same page.

/** Attribute on #root when it holds a server-drawn first screen; its value names the page. */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/** id of the `<script type="application/json">` carrying the product the page was drawn with. */
export const LANDING_SEED_ID = 'first-screen-landing';

export type FirstScreenPage =
  | { page: 'home'; locale: Locale; path: string }
  | { page: 'product'; locale: Locale; path: string; product: ProductLandingResponse };

/** What the web build's `dist-ssr/first-screen.js` exports. */
export interface FirstScreenRenderer {
  renderFirstScreen(page: FirstScreenPage): string;
}
