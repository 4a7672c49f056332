import { isLocale } from './locales';

// The app's own pages (web/src/app/routes.tsx, held to this list by web/src/app/app-pages.test.ts):
// every other address below the home page is the router's catch-all, a product page (`/{slug}/*`),
// which the server answers 404 when it has no such product, as GET /api/products/:slug does.

/** Each page's path below the language prefix (or bare), `:name` for a parameter. */
const PAGES = [
  'update',
  'promo',
  'admin',
  'login',
  'register',
  'verify-otp',
  'forgot-password',
  'reset-password/:uid/:token',
  'activate/:uid/:token',
  'about',
  'legal',
  'privacy',
  'faq',
  'contact',
  'pharmacies',
  'panier',
  'compte',
  'congrats',
  'subscription',
  'offers',
  'pro',
  '404',
];

/** The app's pages bare (French) or under a language prefix, where the Pro tool is `nego` (docs/product.md#routes). */
export function appPagePaths(prefixed: boolean): readonly string[] {
  return prefixed ? [...PAGES, 'nego'] : PAGES;
}

const matches = (pattern: string, segments: readonly string[]) => {
  const parts = pattern.split('/');
  return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
};

/**
 * Whether the router's product catch-all draws `path`: not the home page (`/`, `/{lang}`) nor one of
 * the app's pages, with or without a trailing slash.
 */
export function isCatchAllPath(path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  const prefixed = isLocale(segments[0]);
  const rest = prefixed ? segments.slice(1) : segments;
  if (rest.length === 0) return false;
  return !appPagePaths(prefixed).some((page) => matches(page, rest));
}

/** Whether `path` is the app's own not-found page (`/404`, `/{lang}/404`), which answers 404 as well. */
export function isNotFoundPagePath(path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  const rest = isLocale(segments[0]) ? segments.slice(1) : segments;
  return rest.length === 1 && rest[0] === '404';
}
