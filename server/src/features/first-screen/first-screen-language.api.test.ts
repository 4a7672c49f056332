import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_WHOLE_ATTRIBUTE, PRICES_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { firstScreenPricesResponseSchema, productPricesSeedSchema } from '@pharmaradar/shared/first-screen.schema';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';
import { createDrawingWebDist, removeDrawingWebDist } from './first-screen.test-support';

// ADR 148: a product page at /nl/… shows the shops' Dutch names and links, asked and cached in
// Dutch; the same page in French is not drawn with the Dutch answers. The renderer is a stand-in
// for the web build's: it writes the offers' names it was given.
const FAKE_RENDERER = `const names = (page) => page.prices?.search ? page.prices.search.result.products.flatMap((p) => p.offers.map((o) => o.name)).join('|') : '';
export function renderFirstScreen(page) { return '<h1>' + page.locale + '</h1><p class="names">' + names(page) + '</p>'; }
export function renderProductPrices(page) { return '<section data-prices-part="offers">' + names(page) + '</section>'; }
`;

const product = getDemoCatalogue().find(
  (p) => !p.prescription && p.offers.farmaline && p.offers.multipharma && p.name.nl !== p.name.fr,
)!;

const namesAt = (result: SearchResult | undefined, retailer: string) =>
  result?.products.flatMap((p) => p.offers.filter((o) => o.retailer === retailer).map((o) => [o.name, o.url]));

describe('a product page asks the shops in the language of its address', () => {
  let server: TestServer;
  let distDir: string;

  async function page(path: string) {
    const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const $ = load(await res.text());
    const seed = $(`script#${PRICES_SEED_ID}`).text();
    return {
      whole: $('#root').attr(FIRST_SCREEN_WHOLE_ATTRIBUTE) !== undefined,
      result: seed ? (productPricesSeedSchema.parse(JSON.parse(seed)).search?.result ?? undefined) : undefined,
    };
  }

  beforeAll(async () => {
    distDir = createDrawingWebDist(FAKE_RENDERER);
    server = await startTestServer({ WEB_DIST_DIR: distDir, RETAILERS_MODE: 'demo' });
  });
  afterAll(async () => {
    await server?.close();
    removeDrawingWebDist(distDir);
  });

  it('completes /nl/… with Dutch names and links; the French page is not drawn with them', async () => {
    const res = await fetch(
      `${server.url}/api/first-screen/prices/?path=${encodeURIComponent(`/nl/${product.slug}`)}`,
      { headers: { accept: 'application/json' } },
    );
    expect(res.status).toBe(200);
    const body = firstScreenPricesResponseSchema.parse(await res.json());
    for (const retailer of ['farmaline', 'multipharma']) {
      const [[name, url]] = namesAt(body.seed.search?.result, retailer) as [[string, string]];
      expect(name).toBe(product.name.nl);
      expect(new URL(url, server.url).pathname).toContain('/nl/');
    }
    expect(body.parts).toContain(product.name.nl);

    // The Dutch page is now whole from the Dutch answers...
    const nl = await page(`/nl/${product.slug}`);
    expect(nl.whole).toBe(true);
    expect(namesAt(nl.result, 'farmaline')?.[0]?.[0]).toBe(product.name.nl);
    // ...the French one waits for French answers (none cached), and English reads the French ones.
    expect(await page(`/${product.slug}`)).toMatchObject({ whole: false, result: undefined });
    expect(await page(`/en/${product.slug}`)).toMatchObject({ whole: false, result: undefined });
    const searched = await fetch(`${server.url}/api/search/?q=${product.cnk}&lang=fr`, {
      headers: { accept: 'application/json' },
    });
    expect(searched.status).toBe(200);
    const en = await page(`/en/${product.slug}`);
    expect(en.whole).toBe(true);
    expect(namesAt(en.result, 'farmaline')?.[0]?.[0]).toBe(product.name.fr);
  });
});
