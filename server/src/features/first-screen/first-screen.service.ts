import type { Locale } from '@pharmaradar/shared/locales';
import type { ProductPricesSeed } from '@pharmaradar/shared/first-screen.schema';
import type { PriceHistoryResponse } from '@pharmaradar/shared/price-history.schema';
import type { ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import type { SearchEvent, SearchResult } from '@pharmaradar/shared/search.schema';
import type { Logger } from '../../lib/log';

/**
 * What the first screen needs from the other features, as they provide it (app.ts hands their
 * services over as they are): the product of a page, the search and its cache, the price history.
 */
export interface FirstScreenPorts {
  products: { landing(slug: string): ProductLandingResponse | null };
  search: {
    /** A live search, as a client's: counted, joining one under way (the coalescer), filling the cache. */
    search(
      query: string,
      listener?: (event: SearchEvent) => void,
      options?: { count?: boolean; lang?: Locale; client?: string },
    ): Promise<SearchResult>;
    /** The result every retailer's cached answer gives, without asking any; null if one would have to be asked. */
    cachedSearch(query: string, locale?: Locale): { result: SearchResult; freshUntil: number } | null;
  };
  history: { history(cnk: string): PriceHistoryResponse };
  log: Logger;
}

export function createFirstScreenService({ products, search, history, log }: FirstScreenPorts) {
  /**
   * A product page's prices as the server holds them (ADR 121): the search cache's (never a request
   * to a retailer, so drawing a page never waits for one) and the price history; null when they
   * cannot be read (the page is then drawn without them and the app fetches them). In the page's
   * language: a page at /nl/… shows the shops' Dutch names and links (ADR 148).
   */
  function cachedPrices(cnk: string, locale: Locale): ProductPricesSeed | null {
    try {
      const cached = search.cachedSearch(cnk, locale);
      return {
        cnk,
        search: cached && { result: cached.result, freshUntil: new Date(cached.freshUntil).toISOString() },
        history: history.history(cnk),
      };
    } catch (error) {
      log.warn('product page prices could not be read', { cnk, error: String(error) });
      return null;
    }
  }

  return {
    product: (slug: string) => products.landing(slug),
    cachedPrices,
    /**
     * The search a client would run (counted, joining one under way), each event to `listener` (ADR
     * 167), in the turn of `client` (clientShareKey, ADR 188) at each shop.
     */
    search: (query: string, locale: Locale, client: string, listener: (event: SearchEvent) => void) =>
      search.search(query, listener, { count: true, lang: locale, client }),
    /**
     * The search the app would run for the product's CNK (counted as a search; it fills the cache),
     * then the prices as a page drawn now would show them (ADR 140); null unless every retailer's
     * answer is in the cache (one failed, or the cache let one go meanwhile): the app then searches.
     */
    async searchedPrices(cnk: string, locale: Locale, client: string): Promise<ProductPricesSeed | null> {
      await search.search(cnk, undefined, { count: true, lang: locale, client });
      const prices = cachedPrices(cnk, locale);
      return prices?.search ? prices : null;
    },
  };
}

export type FirstScreenService = ReturnType<typeof createFirstScreenService>;
