import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type {
  FirstScreenPage,
  FirstScreenRenderer,
  ProductPricesPage,
  SearchResultsPage,
} from '@pharmaradar/shared/first-screen.schema';
import type { Logger } from '../../lib/log';

/** Where the web build puts its server-side renderer: beside the built app (`web/dist` -> `web/dist-ssr`). */
export function firstScreenFile(webDistDir: string): string {
  return `${webDistDir.replace(/[/\\]+$/, '')}-ssr/first-screen.js`;
}

/** Draws with the web app's components; null when there is no renderer or the page failed to draw. */
export interface DrawFirstScreen {
  page(page: FirstScreenPage): Promise<string | null>;
  productPrices(page: ProductPricesPage): Promise<string | null>;
  searchResults(page: SearchResultsPage): Promise<string | null>;
}

/**
 * Draws pages with the web app's own components (ADR 119). The renderer is loaded on first use; a
 * missing build or a page that fails to draw gives null, and the page goes out as the bare app,
 * which draws it in the browser as before: the first screen is an improvement, never a dependency.
 */
export function createFirstScreenRenderer(webDistDir: string, log: Logger): DrawFirstScreen {
  const file = firstScreenFile(webDistDir);
  let renderer: Promise<FirstScreenRenderer | null> | null = null;
  const load = () =>
    (renderer ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<FirstScreenRenderer>).catch((error: unknown) => {
          log.error('first screen renderer could not be loaded', { file, error: String(error) });
          return null;
        })
      : Promise.resolve(null));
  const drawWith = async (what: string, path: string, draw: (renderer: FirstScreenRenderer) => string | null) => {
    const drawer = await load();
    if (!drawer) return null;
    try {
      return draw(drawer);
    } catch (error) {
      log.error('first screen could not be drawn', { page: what, path, error: String(error) });
      return null;
    }
  };
  return {
    page: (page) => drawWith(page.page, page.path, (drawer) => drawer.renderFirstScreen(page)),
    productPrices: (page) =>
      drawWith('product prices', page.path, (drawer) =>
        // A renderer of an older build draws no parts alone: the page is then left to the app.
        typeof drawer.renderProductPrices === 'function' ? drawer.renderProductPrices(page) : null,
      ),
    searchResults: (page) =>
      drawWith('search results', page.path, (drawer) =>
        typeof drawer.renderSearchResults === 'function' ? drawer.renderSearchResults(page) : null,
      ),
  };
}
