import type { RetailerConnector } from '../types';
import type { ConnectorContext } from '../lib/connector-context';
import { parsePage, withDeadline } from '../lib/connector-kit';
import { narrowToCnk } from '../lib/markers';
import { retailerQueryText } from '../lib/query-text';
import { parseSearchPage } from './farmaline.parse';

/**
 * Farmaline search: `/fr/search.htm?q=…&searchChannel=algolia` takes names, CNKs and EANs alike
 * (docs/retailers.md#farmaline).
 */
export function farmalineSearchUrl(baseUrl: string, query: string): string {
  const params = new URLSearchParams({ q: retailerQueryText(query), searchChannel: 'algolia' });
  return `${baseUrl}/fr/search.htm?${params.toString()}`;
}

export function createFarmalineConnector(ctx: ConnectorContext): RetailerConnector {
  return {
    id: 'farmaline',
    label: ctx.label,
    baseUrl: ctx.baseUrl,
    searchesByEan: true,
    search: (query, signal) =>
      withDeadline(signal, ctx.timeoutMs, async (s) => {
        if (!retailerQueryText(query.value)) return [];
        const page = await ctx.fetcher.get(farmalineSearchUrl(ctx.baseUrl, query.value), s);
        const offers = parsePage('farmaline', page.status, () => parseSearchPage(page.body, ctx.baseUrl, page.url));
        return query.kind === 'cnk' ? narrowToCnk(offers, query.value) : offers;
      }),
  };
}
