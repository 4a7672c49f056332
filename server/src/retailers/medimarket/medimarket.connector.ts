import type { RetailerConnector, RetailerOffer, SearchQuery } from '../types';
import type { ConnectorContext } from '../lib/connector-context';
import { pageConnector, parsePage } from '../lib/connector-kit';
import { narrowToCnk } from '../lib/markers';
import { retailerQueryText } from '../lib/query-text';
import { parseSearchPage } from './medimarket.parse';

export type MedimarketContext = ConnectorContext & { pharmacyBaseUrl: string };

/**
 * French only (ADR 148): no Dutch page of either Medi-Market shop was ever observed (docs/retailers.md#medi-market
 * lists `/nl/` as a guess; every scraper and capture used `/fr/search`). Guessing a path would cost
 * Dutch users the shop if it is wrong; asked in French, they get its prices with French names, and its
 * links, French pages, say so to them (docs/decisions/232).
 */
export const MEDIMARKET_LANGUAGES = ['fr'] as const;

export function medimarketSearchUrl(baseUrl: string, query: string): string {
  return `${baseUrl}/fr/search?${new URLSearchParams({ q: retailerQueryText(query) }).toString()}`;
}

// Medi-Market is two shops (parapharmacy and, legally separate, medicines). A CNK is looked up on the
// parapharmacy shop first and on the pharmacy shop only when absent there (docs/retailers.md#medi-market). A name
// search asks both at once since "Dafalgan" lives only on the pharmacy shop; one shop failing while the
// other answers still yields the answering shop's offers.
export function createMedimarketConnector(ctx: MedimarketContext): RetailerConnector {
  const searchShop = async (base: string, query: SearchQuery, signal: AbortSignal): Promise<RetailerOffer[]> => {
    const page = await ctx.fetcher.get(medimarketSearchUrl(base, query.value), signal);
    const offers = parsePage('medimarket', page.status, () => parseSearchPage(page.body, base));
    return query.kind === 'cnk' ? narrowToCnk(offers, query.value) : offers;
  };
  return pageConnector(ctx, { id: 'medimarket', languages: MEDIMARKET_LANGUAGES }, async (query, s) => {
    if (query.kind === 'cnk') {
      const para = await searchShop(ctx.baseUrl, query, s);
      return para.length ? para : searchShop(ctx.pharmacyBaseUrl, query, s);
    }
    const [para, pharmacy] = await Promise.allSettled([
      searchShop(ctx.baseUrl, query, s),
      searchShop(ctx.pharmacyBaseUrl, query, s),
    ]);
    if (para.status === 'rejected' && pharmacy.status === 'rejected') throw para.reason;
    return mergeByCnk([para, pharmacy].flatMap((r) => (r.status === 'fulfilled' ? r.value : [])));
  });
}

function mergeByCnk(offers: RetailerOffer[]): RetailerOffer[] {
  const seen = new Set<string>();
  return offers.filter((o) => {
    const key = o.cnk ?? o.url ?? o.name;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
