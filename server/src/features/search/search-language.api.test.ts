import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@pharmaradar/shared/api-error';
import { searchResultSchema, type SearchResult } from '@pharmaradar/shared/search.schema';
import { getDemoCatalogue } from '../../demo/catalogue';
import { SEARCH_MESSAGES } from './search.routes';
import { searchUrl, useCachedSearchServer } from './testing/search-test-kit.test-support';

// ADR 148: the shops are asked in the user's language where they have it (Farmaline and Multipharma
// in Dutch for nl; Medi-Market only in French), and the cache and in-flight sharing keep languages
// apart: a French answer is never served to a Dutch user, nor a Dutch one to a French user.

async function searchIn(base: string, q: string, lang?: string): Promise<SearchResult> {
  const response = await fetch(searchUrl(base, q, lang ? `&lang=${lang}` : ''), {
    headers: { accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return searchResultSchema.parse(await response.json());
}

/**
 * A product all three default shops sell, whose Dutch name differs from its French one, cheapest at
 * Medi-Market (which answers in French only).
 */
const product = getDemoCatalogue().find(
  (p) =>
    p.medicine &&
    !p.prescription &&
    p.name.nl !== p.name.fr &&
    p.offers.farmaline &&
    p.offers.medimarket &&
    p.offers.multipharma &&
    p.offers.medimarket.price < Math.min(p.offers.farmaline.price, p.offers.multipharma.price),
)!;

const offerOf = (result: SearchResult, retailer: string) =>
  result.products.find((p) => p.cnk === product.cnk)?.offers.find((o) => o.retailer === retailer);

describe('GET /api/search in the user’s language', () => {
  const ctx = useCachedSearchServer();

  it('asks fr and nl apart even at once, each answer in its language; en is answered from the French one', async () => {
    ctx.shops.reset();
    const [fr, nl] = await Promise.all([
      searchIn(ctx.server.url, product.cnk, 'fr'),
      searchIn(ctx.server.url, product.cnk, 'nl'),
    ]);
    const asked = ctx.shops.counts();
    // Two searches in flight together: one request per language to each shop with Dutch pages...
    expect(asked.farmaline).toBe(2);
    expect(asked.multipharma).toBeGreaterThanOrEqual(2);
    // ...and one search of Medi-Market, which has no Dutch pages: both languages share its French answer.
    // (A medicine's CNK is looked up on the parapharmacy shop, then on the pharmacy shop.)
    expect([asked.medimarket, asked['medimarket-pharmacy']]).toEqual([1, 1]);

    for (const retailer of ['farmaline', 'multipharma']) {
      expect(offerOf(fr, retailer)?.name).toBe(product.name.fr);
      expect(new URL(offerOf(fr, retailer)!.url!).pathname).toContain('/fr/');
      expect(offerOf(nl, retailer)?.name).toBe(product.name.nl);
      expect(new URL(offerOf(nl, retailer)!.url!).pathname).toContain('/nl/');
    }
    expect(offerOf(nl, 'medimarket')?.name).toBe(product.name.fr);
    // The product is named in Dutch even where the French-only shop is the cheapest.
    expect(nl.products.find((p) => p.cnk === product.cnk)?.name).toBe(product.name.nl);
    expect(fr.products.find((p) => p.cnk === product.cnk)?.name).toBe(product.name.fr);

    ctx.clock.advance(60_000);
    // From the cache now, still each in its own language; English reads the French answers.
    const frAgain = await searchIn(ctx.server.url, product.cnk, 'fr');
    const nlAgain = await searchIn(ctx.server.url, product.cnk, 'nl');
    const en = await searchIn(ctx.server.url, product.cnk, 'en');
    expect(ctx.shops.counts()).toEqual(asked);
    expect([frAgain.cached, nlAgain.cached, en.cached]).toEqual([true, true, true]);
    expect(offerOf(frAgain, 'farmaline')?.name).toBe(product.name.fr);
    expect(offerOf(nlAgain, 'farmaline')?.name).toBe(product.name.nl);
    // The shops' offers are the French ones; only the official data and name are in English (ADR 158).
    const withoutOfficial = (r: SearchResult) =>
      r.products.map(({ official: _official, name: _name, ...rest }) => rest);
    expect(withoutOfficial(en)).toEqual(withoutOfficial(fr));
    expect(en.products.find((p) => p.cnk === product.cnk)?.name).toBe(product.name.en);
    const official = (r: SearchResult) => r.products.find((p) => p.cnk === product.cnk)?.official;
    expect(official(en)?.pack).toBe(product.name.en);
    expect(official(fr)?.pack).toBe(product.name.fr);
  });

  it('asks in French when the request names no language', async () => {
    const q = getDemoCatalogue().find((p) => p.offers.farmaline && !p.prescription && p !== product)!.cnk;
    ctx.shops.reset();
    const plain = await searchIn(ctx.server.url, q);
    const fr = await searchIn(ctx.server.url, q, 'fr');
    expect(ctx.shops.counts().farmaline).toBe(1);
    expect(fr.cached).toBe(true);
    expect(fr.products).toEqual(plain.products);
  });

  it('refuses an unknown language with a translated 400, asking no shop', async () => {
    ctx.shops.reset();
    const response = await fetch(searchUrl(ctx.server.url, 'dafalgan', '&lang=de'), {
      headers: { accept: 'application/json', 'accept-language': 'nl' },
    });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json())).toMatchObject({
      code: 'invalid_language',
      detail: SEARCH_MESSAGES.invalidLanguage.nl,
    });
    expect(ctx.shops.counts().farmaline).toBe(0);
  });

  // The reader is told when a shop's page is not in their language (docs/decisions/232): each offer
  // names the language of the page its link opens, the one the connector was asked in.
  it('names the language of the page each offer links to, in the JSON answer and in the stream', async () => {
    const nl = await searchIn(ctx.server.url, product.cnk, 'nl');
    const fr = await searchIn(ctx.server.url, product.cnk, 'fr');
    const en = await searchIn(ctx.server.url, product.cnk, 'en');
    const pages = (r: SearchResult) =>
      ['farmaline', 'medimarket', 'multipharma'].map((retailer) => offerOf(r, retailer)?.pageLanguage);
    expect(pages(nl)).toEqual(['nl', 'fr', 'nl']);
    expect(pages(fr)).toEqual(['fr', 'fr', 'fr']);
    expect(pages(en)).toEqual(['fr', 'fr', 'fr']);

    const response = await fetch(searchUrl(ctx.server.url, product.cnk, '&lang=nl'), {
      headers: { accept: 'text/event-stream' },
    });
    const streamed = (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('event: retailer'))
      .map(
        (block) =>
          JSON.parse(block.slice(block.indexOf('data: ') + 6)) as {
            retailer: string;
            offers: { pageLanguage?: string }[];
          },
      )
      .map((answer) => [answer.retailer, answer.offers[0]?.pageLanguage]);
    expect(Object.fromEntries(streamed)).toEqual({ farmaline: 'nl', medimarket: 'fr', multipharma: 'nl' });
  });
});
