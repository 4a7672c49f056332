import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@pharmaradar/shared';
import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_WHOLE_ATTRIBUTE,
  type FirstScreenPage,
  type FirstScreenRenderer,
} from '@pharmaradar/shared/first-screen';
import { shellLocale } from './locale-preload';
import type { Logger } from './log';
import type { HtmlTransformer } from './web-static';

/** Where the web build puts its server-side renderer: beside the built app (`web/dist` -> `web/dist-ssr`). */
export function firstScreenFile(webDistDir: string): string {
  return `${webDistDir.replace(/[/\\]+$/, '')}-ssr/first-screen.js`;
}

export type DrawFirstScreen = (page: FirstScreenPage) => Promise<string | null>;

/**
 * Draws pages with the web app's own components (ADR 119). The renderer is loaded on first use; a
 * missing build or a page that fails to draw gives null, and the page goes out as the bare app,
 * which draws it in the browser as before: the first screen is an improvement, never a dependency.
 */
export function createFirstScreen(webDistDir: string, log: Logger): DrawFirstScreen {
  const file = firstScreenFile(webDistDir);
  let renderer: Promise<FirstScreenRenderer | null> | null = null;
  const load = () =>
    (renderer ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<FirstScreenRenderer>).catch((error: unknown) => {
          log.error('first screen renderer could not be loaded', { file, error: String(error) });
          return null;
        })
      : Promise.resolve(null));
  return async (page) => {
    const drawer = await load();
    if (!drawer) return null;
    try {
      return drawer.renderFirstScreen(page);
    } catch (error) {
      log.error('first screen could not be drawn', { page: page.page, path: page.path, error: String(error) });
      return null;
    }
  };
}

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

/** `<html lang>` set to the page's language (the shell says French). */
export function withHtmlLang(html: string, locale: Locale): string {
  return html.replace(/<html([^>]*?)\slang=["'][^"']*["']/i, (_m, before: string) => `<html${before} lang="${locale}"`);
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
 * The home page drawn into index.html in the page's language. A search in the address (?q=) is left
 * to the app: its first screen is the results, which only the browser fetches.
 */
export function homeFirstScreen(draw: DrawFirstScreen): HtmlTransformer {
  const drawn = new Map<string, Promise<string | null>>();
  const drawHome = (locale: Locale, path: string) => {
    const key = `${locale} ${path}`;
    let page = drawn.get(key);
    if (!page) {
      page = draw({ page: 'home', locale, path });
      drawn.set(key, page);
    }
    return page;
  };
  // Drawn at start-up, so the first visitor does not wait for the renderer to load.
  void drawHome(DEFAULT_LOCALE, '/');
  for (const locale of LOCALES) void drawHome(locale, `/${locale}`);

  return async (html, c: Context) => {
    if (!isHomePath(c.req.path) || c.req.query('q') !== undefined) return undefined;
    const locale = shellLocale(c);
    // A first visit to / in another language is sent on to /{language} by the app: draw that page.
    const page = await drawHome(locale, c.req.path === '/' && locale === DEFAULT_LOCALE ? '/' : `/${locale}`);
    return page === null ? undefined : withHtmlLang(withFirstScreen(html, 'home', page, true), locale);
  };
}
