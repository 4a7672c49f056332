import { askedLanguage, type RetailerConnector, type ShopLanguage } from '../types';
import type { ConnectorContext } from '../lib/connector-context';
import { pageConnector, parsePage } from '../lib/connector-kit';
import { narrowToCnk } from '../lib/markers';
import { retailerQueryText } from '../lib/query-text';
import { parseSearchPage } from './farmaline.parse';

/**
 * Farmaline search: `/{fr|nl}/search.htm?q=…&searchChannel=algolia` takes names, CNKs and EANs alike
 * (docs/retailers.md#farmaline). Both language paths are confirmed by scrapers that ran against the live site
 * (product pages under `/nl/…`, a Dutch extractor config `farmaline_nl`), so a Dutch user is asked in Dutch.
 */
export function farmalineSearchUrl(baseUrl: string, query: string, lang: ShopLanguage = 'fr'): string {
  const params = new URLSearchParams({ q: retailerQueryText(query), searchChannel: 'algolia' });
  return `${baseUrl}/${lang}/search.htm?${params.toString()}`;
}

export const FARMALINE_LANGUAGES: readonly ShopLanguage[] = ['fr', 'nl'];

export function createFarmalineConnector(ctx: ConnectorContext): RetailerConnector {
  return pageConnector(
    ctx,
    { id: 'farmaline', languages: FARMALINE_LANGUAGES, searchesByEan: true },
    async (query, s) => {
      const lang = askedLanguage({ languages: FARMALINE_LANGUAGES }, query);
      const page = await ctx.fetcher.get(farmalineSearchUrl(ctx.baseUrl, query.value, lang), s);
      const offers = parsePage('farmaline', page.status, () => parseSearchPage(page.body, ctx.baseUrl, page.url));
      return query.kind === 'cnk' ? narrowToCnk(offers, query.value) : offers;
    },
  );
}
