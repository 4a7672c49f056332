import type { Context } from 'hono';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@pharmaradar/shared/locales';
import { LANDING_SEED_ID, PRICES_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { landingPathParts } from '@pharmaradar/shared/product-landing';
import { withHtmlLang, type HtmlTransformer } from '../../lib/web-static';
import { jsonScript, withFirstScreen } from './first-screen-document';
import { shellLocale } from './locale-preload';
import { missingProductPage } from './first-screen-not-found';
import type { DrawFirstScreen } from './first-screen-renderer';
import type { FirstScreenService } from './first-screen.service';
import type { searchedHome } from './first-screen-searched-home';

type SearchedHome = ReturnType<typeof searchedHome>;

/**
 * `/`, `/fr`, `/en`, `/nl`. Not `/index.html`: that is the shell the service worker precaches and
 * answers every later navigation with, which must stay the bare app.
 */
function isHomePath(path: string): boolean {
  const first = /^\/([^/]+)\/?$/.exec(path)?.[1];
  return path === '/' || isLocale(first);
}

/**
 * The home page drawn into index.html in the page's language; with a search in the address (?q=),
 * drawn by `searched` with its results (ADR 180).
 */
export function homeFirstScreen(draw: DrawFirstScreen, searched: SearchedHome): HtmlTransformer {
  const drawn = new Map<string, Promise<string | null>>();
  const drawHome = (locale: Locale, path: string) => {
    const key = `${locale} ${path}`;
    let page = drawn.get(key);
    if (!page) {
      page = draw.page({ page: 'home', locale, path });
      drawn.set(key, page);
    }
    return page;
  };
  // Drawn at start-up, so the first visitor does not wait for the renderer to load.
  void drawHome(DEFAULT_LOCALE, '/');
  for (const locale of LOCALES) void drawHome(locale, `/${locale}`);

  return async (html, c: Context) => {
    if (!isHomePath(c.req.path)) return undefined;
    const locale = shellLocale(c);
    // A first visit to / in another language is sent on to /{language} by the app: draw that page.
    const path = c.req.path === '/' && locale === DEFAULT_LOCALE ? '/' : `/${locale}`;
    const query = c.req.query('q');
    if (query !== undefined) return searched(html, c, { locale, path }, query);
    const page = await drawHome(locale, path);
    return page === null ? undefined : withHtmlLang(withFirstScreen(html, 'home', page, true), locale);
  };
}

/**
 * A known product's page drawn into #root (ADR 119), with the product it shows as JSON for the app,
 * which then starts on the same page without fetching it again; and its cached prices and history
 * (ADR 121): with every retailer's prices drawn, the page is whole without the app. The product's
 * title, description and structured data are the products feature's (its own transformer). An
 * address with no product behind it answers 404 from the same lookup (missingProductPage).
 */
export function productFirstScreen(draw: DrawFirstScreen, service: FirstScreenService): HtmlTransformer {
  return async (html, c: Context) => {
    const parts = landingPathParts(c.req.path);
    const product = parts && service.product(parts.slug);
    if (!parts || !product) return missingProductPage(draw, html, c);
    const prices = await service.keptPrices(product.cnk, parts.locale);
    const page = { page: 'product' as const, locale: parts.locale, path: c.req.path, product };
    const markup = await draw.page(prices ? { ...page, prices } : page);
    if (markup === null) return undefined;
    const seeds = jsonScript(LANDING_SEED_ID, product) + (prices ? jsonScript(PRICES_SEED_ID, prices) : '');
    const whole = prices?.search != null;
    return withFirstScreen(html, 'product', markup, whole).replace(/<\/body>/i, () => `${seeds}</body>`);
  };
}
