import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoRetailers } from '../demo/demo-retailers';
import { getDemoCatalogue } from '../demo/catalogue';
import { demoShopConnector, startInstantDemoShops } from './demo-shops.test-support';
import type { RetailerId, SearchQuery, ShopLanguage } from './types';

// ADR 148: a shop with Dutch pages is asked in Dutch for a Dutch user, in French otherwise; a shop
// with no Dutch page ever observed is asked in French whatever the user's language.

let demo: DemoRetailers;
beforeAll(async () => {
  demo = await startInstantDemoShops();
});
afterAll(() => demo.close());

async function searchIn(id: RetailerId, query: SearchQuery) {
  const asked: string[] = [];
  const connector = demoShopConnector(demo, id, {
    onPage: (_retailer, page) => asked.push(new URL(page.url).pathname),
  });
  const offers = await connector.search(query, new AbortController().signal);
  return { asked, offers, languages: connector.languages };
}

/** A product the shop sells whose Dutch name differs from its French one. */
const productOf = (id: RetailerId) =>
  getDemoCatalogue().find(
    (p) => p.offers[id] && !p.prescription && p.name.nl !== p.name.fr && (id !== 'medimarket' || p.medicine),
  )!;

const DUTCH_PATHS: Record<'farmaline' | 'multipharma', Record<ShopLanguage, RegExp>> = {
  farmaline: { fr: /\/fr\/search\.htm$/, nl: /\/nl\/search\.htm$/ },
  // SFRA answers a CNK with a redirect to the product page (the fetch reports where it ended).
  multipharma: {
    fr: /\/fr_BE\/Search-Show$|\/fr\/[^/]+\.html$/,
    nl: /\/nl_BE\/Search-Show$|\/nl\/[^/]+\.html$/,
  },
};

describe.each(['farmaline', 'multipharma'] as const)('%s, a shop with Dutch pages', (id) => {
  it.each(['fr', 'nl'] as const)(
    'asks its %s search and returns the names and links of that language',
    async (lang) => {
      const product = productOf(id);
      const { asked, offers, languages } = await searchIn(id, { kind: 'cnk', value: product.cnk, lang });
      expect(languages).toEqual(['fr', 'nl']);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked[0]).toMatch(DUTCH_PATHS[id][lang]);
      expect(offers.map((o) => o.name)).toEqual([product.name[lang]]);
      expect(new URL(offers[0]!.url!).pathname).toContain(`/${lang}/`);
    },
  );

  it('asks in French when no language is given', async () => {
    const product = productOf(id);
    const { asked, offers } = await searchIn(id, { kind: 'name', value: product.name.fr });
    expect(asked[0]).toMatch(DUTCH_PATHS[id].fr);
    expect(offers.map((o) => o.name)).toContain(product.name.fr);
  });
});

describe.each(['medimarket', 'newpharma'] as const)('%s, a shop with no Dutch page observed', (id) => {
  it('is asked in French for a Dutch user, and says so', async () => {
    const product = productOf(id);
    const { asked, offers, languages } = await searchIn(id, { kind: 'cnk', value: product.cnk, lang: 'nl' });
    expect(languages).toEqual(['fr']);
    expect(asked.length).toBeGreaterThan(0);
    for (const path of asked) expect(path).toMatch(/\/fr\/search/);
    expect(offers.map((o) => o.name)).toEqual([product.name.fr]);
  });
});
