import type { RetailerConnector } from '../types';
import type { ConnectorContext } from '../lib/connector-context';
import { pageConnector, parsePage } from '../lib/connector-kit';
import { narrowToCnk } from '../lib/markers';
import { retailerQueryText } from '../lib/query-text';
import { parseSearchPage } from './newpharma.parse';

/**
 * French only (ADR 148): the Dutch catalogue path was never observed (docs/retailers.md#newpharma lists
 * `/apotheek/…` as a guess; the only search URL seen is `/fr/search-results/…`).
 */
export const NEWPHARMA_LANGUAGES = ['fr'] as const;

// Off by default: the live site answers plain HTTP clients with a Cloudflare 403 (docs/retailers.md#newpharma).
export function newpharmaSearchUrl(baseUrl: string, query: string): string {
  return `${baseUrl}/fr/search-results/search.html?${new URLSearchParams({ q: retailerQueryText(query) }).toString()}`;
}

export function createNewpharmaConnector(ctx: ConnectorContext): RetailerConnector {
  return pageConnector(ctx, { id: 'newpharma', languages: NEWPHARMA_LANGUAGES }, async (query, s) => {
    const page = await ctx.fetcher.get(newpharmaSearchUrl(ctx.baseUrl, query.value), s);
    const offers = parsePage('newpharma', page.status, () => parseSearchPage(page.body, ctx.baseUrl));
    return query.kind === 'cnk' ? narrowToCnk(offers, query.value) : offers;
  });
}
