import { askedLanguage, type RetailerConnector, type RetailerOffer, type ShopLanguage } from '../types';
import type { ConnectorContext } from '../lib/connector-context';
import { pageConnector, parsePage } from '../lib/connector-kit';
import { EMPTY_CATALOGUE, type CnkCatalogue } from '../lib/cnk-catalogue';
import { retailerQueryText } from '../lib/query-text';
import { parseSearchPage } from './multipharma.parse';

const SITE = '/on/demandware.store/Sites-Multipharma-Webshop-BE-Site';

/**
 * SFRA search in the site's locale, `+` for spaces as the site's own form sends it. The site has the
 * locales fr_BE and nl_BE (docs/retailers.md#multipharma: its own store pipeline runs under `nl_BE`, its Dutch
 * terms live under `/nl/…`), so a Dutch user is asked in nl_BE.
 */
export function multipharmaSearchUrl(baseUrl: string, query: string, lang: ShopLanguage = 'fr'): string {
  const params = new URLSearchParams({ q: retailerQueryText(query) });
  return `${baseUrl}${SITE}/${lang}_BE/Search-Show?${params.toString()}`;
}

export const MULTIPHARMA_LANGUAGES: readonly ShopLanguage[] = ['fr', 'nl'];

export type MultipharmaContext = ConnectorContext & { catalogue?: CnkCatalogue };

/**
 * A CNK search keeps the offers whose page shows that CNK (docs/decisions/134). When none does, the
 * shop may still sell the product under its own id: the official name is searched instead (or, while
 * the catalogue does not know it, the candidates the CNK search returned are kept), and those offers
 * are marked matchedBy 'name' rather than the search answering "no results".
 */
export function createMultipharmaConnector(ctx: MultipharmaContext): RetailerConnector {
  const catalogue = ctx.catalogue ?? EMPTY_CATALOGUE;
  const searchPage = async (text: string, lang: ShopLanguage, signal: AbortSignal): Promise<RetailerOffer[]> => {
    const page = await ctx.fetcher.get(multipharmaSearchUrl(ctx.baseUrl, text, lang), signal);
    return parsePage('multipharma', page.status, () =>
      parseSearchPage(page.body, ctx.baseUrl, page.url, { catalogue }),
    );
  };
  return pageConnector(ctx, { id: 'multipharma', languages: MULTIPHARMA_LANGUAGES }, async (query, s) => {
    const lang = askedLanguage({ languages: MULTIPHARMA_LANGUAGES }, query);
    const offers = await searchPage(query.value, lang, s);
    if (query.kind !== 'cnk') return offers;
    const cnk = query.value;
    const verified = offers.filter((o) => o.cnk === cnk);
    if (verified.length) return verified;
    const name = catalogue.nameOfCnk(cnk);
    const candidates = name ? await searchPage(name, lang, s) : offers;
    const exact = candidates.filter((o) => o.cnk === cnk);
    if (exact.length) return exact;
    // An offer whose page shows another CNK is another product.
    return candidates.filter((o) => o.cnk === null).map((o) => ({ ...o, matchedBy: 'name' as const }));
  });
}
