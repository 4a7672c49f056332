// The marks a server-drawn page carries (ADR 119-121, ADR 140), without zod: the small entry
// (web/src/main.tsx) reads them before the app runs, and a module the entry imports is bundled into
// it whole (as search-limits.ts is for the search form, ADR 036). The drawn pages' data and answers
// are in first-screen.schema.ts.

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
 * id of the `<script type="application/json">` carrying the result of a search made on the drawn home
 * page before the app ran (ADR 167): the app's home page starts on it instead of searching again.
 */
export const SEARCH_SEED_ID = 'first-screen-search';

/** Attribute on the home page's element whose first child the results part is put before (ADR 167). */
export const RESULTS_SLOT_ATTRIBUTE = 'data-results-slot';
