import type { Context } from 'hono';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@pharmaradar/shared/locales';
import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_WHOLE_ATTRIBUTE,
  LANDING_SEED_ID,
  PRICES_SEED_ID,
} from '@pharmaradar/shared/first-screen-markup';
import { type FirstScreenPage } from '@pharmaradar/shared/first-screen.schema';
import { landingPathParts } from '@pharmaradar/shared/product-landing';
import { scriptSafeJson, withHtmlLang, type HtmlTransformer } from '../../lib/web-static';
import { shellLocale } from './locale-preload';
import type { DrawFirstScreen } from './first-screen-renderer';
import type { FirstScreenService } from './first-screen.service';
import type { searchedHome } from './first-screen-searched-home';

type SearchedHome = ReturnType<typeof searchedHome>;

const PRELOAD_LINK = /<link rel="(?:modulepreload|preload)"[^>]*>\s*/g;

/**
 * index.html with `markup` as the content of #root, marked with the page it shows and whether it is
 * whole without the app (ADR 121: then the app waits for the first touch). The page works
 * before the app, which starts on the visitor's first touch (ADR 120): nothing preloads the app's
 * code or translations ahead of the page; the service worker's precache brings them in after it.
 */
export function withFirstScreen(html: string, page: FirstScreenPage['page'], markup: string, whole: boolean): string {
  const marks = `${FIRST_SCREEN_ATTRIBUTE}="${page}"${whole ? ` ${FIRST_SCREEN_WHOLE_ATTRIBUTE}` : ''}`;
  return html
    .replace(PRELOAD_LINK, '')
    .replace('<div id="root"></div>', () => `<div id="root" ${marks}>${markup}</div>`);
}

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

/** `value` as a JSON script element a drawn page carries for the app (script-safe). */
export const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`;

/**
 * A known product's page drawn into #root (ADR 119), with the product it shows as JSON for the app,
 * which then starts on the same page without fetching it again; and its cached prices and history
 * (ADR 121): with every retailer's prices drawn, the page is whole without the app. The product's
 * title, description and structured data are the products feature's (its own transformer).
 */
export function productFirstScreen(draw: DrawFirstScreen, service: FirstScreenService): HtmlTransformer {
  return async (html, c: Context) => {
    const parts = landingPathParts(c.req.path);
    const product = parts && service.product(parts.slug);
    if (!parts || !product) return undefined;
    const prices = service.cachedPrices(product.cnk, parts.locale);
    const page = { page: 'product' as const, locale: parts.locale, path: c.req.path, product };
    const markup = await draw.page(prices ? { ...page, prices } : page);
    if (markup === null) return undefined;
    const seeds = jsonScript(LANDING_SEED_ID, product) + (prices ? jsonScript(PRICES_SEED_ID, prices) : '');
    const whole = prices?.search != null;
    return withFirstScreen(html, 'product', markup, whole).replace(/<\/body>/i, () => `${seeds}</body>`);
  };
}
