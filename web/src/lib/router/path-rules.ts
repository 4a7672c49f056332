/**
 * What the catch-all `/:slug/*` accepts (docs/product.md#routes: product landing pages, unknown paths -> /404,
 * non-language first segment under the language wrapper -> /404). Applied to the path after an
 * optional /fr|/en|/nl prefix has been removed:
 * 1. a first segment that looks like a language tag (2 letters, optionally -region: `de`, `es`,
 *    `en-gb`, and also `fr`/`en`/`nl` repeated: `/fr/en/x`) is a wrong language wrapper -> /404;
 * 2. otherwise a first segment that is a product slug (letters, digits, dashes: `dafalgan-1g`,
 *    `3401579805447`) opens the product landing page, whatever follows it (`/{slug}/*`);
 * 3. anything else (`/wp-login.php`, `/a_b`, `/-x`, encoded spaces) -> /404.
 * Known pages (/about, /login...) are matched before the catch-all and never reach these rules.
 */
const LANGUAGE_LIKE = /^[a-z]{2}(?:-[a-z]{2,4})?$/i;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/i;

export type CatchAllVerdict = 'product' | 'not-found';

export function classifyCatchAll(slug: string): CatchAllVerdict {
  if (LANGUAGE_LIKE.test(slug)) return 'not-found';
  return SLUG.test(slug) ? 'product' : 'not-found';
}
