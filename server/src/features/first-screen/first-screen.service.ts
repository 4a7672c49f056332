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
    /**
     * A CNK's result from every retailer's cached answer, else from the market store's fresh prices,
     * without asking any page shop; null if one would have to be asked.
     */
    keptSearch(
      cnk: string,
      options?: { lang?: Locale; client?: string },
    ): Promise<{ result: SearchResult; freshUntil: number } | null>;
  };
  history: { history(cnk: string): PriceHistoryResponse };
  log: Logger;
}

export function createFirstScreenService({ products, search, history, log }: FirstScreenPorts) {
  /**
   * A product page's prices as the server holds them (ADR 121): the search cache's, else the market
   * store's fresh ones (docs/decisions/234), never a request to a page shop, so drawing a page never
   * waits for one; and the price history. Null when they cannot be read (the page is then drawn
   * without them and the app fetches them). In the page's language: a page at /nl/… shows the shops'
   * Dutch names and links (ADR 148).
   */
  async function keptPrices(cnk: string, locale: Locale, client?: string): Promise<ProductPricesSeed | null> {
    try {
      const kept = await search.keptSearch(cnk, { lang: locale, ...(client ? { client } : {}) });
      return {
        cnk,
        search: kept && { result: kept.result, freshUntil: new Date(kept.freshUntil).toISOString() },
        history: history.history(cnk),
      };
    } catch (error) {
      log.warn('product page prices could not be read', { cnk, error: String(error) });
      return null;
    }
  }

  return {
    product: (slug: string) => products.landing(slug),
    keptPrices,
    /**
     * The search a client would run (counted, joining one under way), each event to `listener` (ADR
     * 167), in the turn of `client` (clientShareKey, ADR 188) at each shop.
     */
    search: (query: string, locale: Locale, client: string, listener: (event: SearchEvent) => void) =>
      search.search(query, listener, { count: true, lang: locale, client }),
    /**
     * A product page's prices: those the server holds (keptPrices), else the search the app would
     * run for the product's CNK (counted as a search; it fills the cache and the store), then the
     * prices as a page drawn now would show them (ADR 140); null unless every retailer answered (one
     * failed, or the cache let one go meanwhile): the app then searches.
     */
    async searchedPrices(cnk: string, locale: Locale, client: string): Promise<ProductPricesSeed | null> {
      const kept = await keptPrices(cnk, locale, client);
      if (kept?.search) return kept;
      await search.search(cnk, undefined, { count: true, lang: locale, client });
      const prices = await keptPrices(cnk, locale, client);
      return prices?.search ? prices : null;
    },
  };
}

export type FirstScreenService = ReturnType<typeof createFirstScreenService>;
