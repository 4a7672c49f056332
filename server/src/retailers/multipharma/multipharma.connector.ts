import type { RetailerConnector } from '../types';
import type { ConnectorContext } from '../lib/connector-context';
import { parsePage, withDeadline } from '../lib/connector-kit';
import { narrowToCnk } from '../lib/markers';
import { retailerQueryText } from '../lib/query-text';
import { parseSearchPage } from './multipharma.parse';

const SITE_PATH = '/on/demandware.store/Sites-Multipharma-Webshop-BE-Site/fr_BE/Search-Show';

/** SFRA search, `+` for spaces as the site's own form sends it. */
export function multipharmaSearchUrl(baseUrl: string, query: string): string {
  return `${baseUrl}${SITE_PATH}?${new URLSearchParams({ q: retailerQueryText(query) }).toString()}`;
}

export function createMultipharmaConnector(ctx: ConnectorContext): RetailerConnector {
  return {
    id: 'multipharma',
    label: ctx.label,
    baseUrl: ctx.baseUrl,
    search: (query, signal) =>
      withDeadline(signal, ctx.timeoutMs, async (s) => {
        if (!retailerQueryText(query.value)) return [];
        const page = await ctx.fetcher.get(multipharmaSearchUrl(ctx.baseUrl, query.value), s);
        const offers = parsePage('multipharma', page.status, () => parseSearchPage(page.body, ctx.baseUrl, page.url));
        return query.kind === 'cnk' ? narrowToCnk(offers, query.value) : offers;
      }),
  };
}
