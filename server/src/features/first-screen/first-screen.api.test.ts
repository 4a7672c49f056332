import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_WHOLE_ATTRIBUTE,
  LANDING_SEED_ID,
  PRICES_SEED_ID,
} from '@pharmaradar/shared/first-screen-markup';
import { firstScreenPricesResponseSchema, productPricesSeedSchema } from '@pharmaradar/shared/first-screen.schema';
import { productLandingResponseSchema } from '@pharmaradar/shared/product-landing';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';
import { useDrawnAndBareServers } from './first-screen.test-support';

// ADR 119: the home and product pages go out drawn, so a phone paints them from
// the HTML. The renderer here is a stand-in for the web build's (web/src/app/ssr/first-screen.ssr.tsx,
// tested on its own): it draws what it was asked, so the test sees what the server asked for.
const FAKE_RENDERER = `export function renderFirstScreen(page) {
  if (page.page === 'product' && page.locale === 'nl') throw new Error('cannot draw');
  const prices = page.prices?.search ? ' prices of ' + page.prices.search.result.query : '';
  const what = page.page === 'product' ? page.product.name + ' <' + page.product.cnk + '>' + prices : '';
  return '<h1 class="drawn">' + [page.page, page.locale, page.path].join(' ') + '</h1><p>' + what.replace(/</g, '&lt;') + '</p>';
}
export function renderProductPrices(page) {
  if (page.locale === 'nl') throw new Error('cannot draw');
  return '<section data-prices-part="offers">' + [page.locale, page.path, page.prices.search.result.query].join(' ') +
    '</section><section data-prices-part="history">' + page.prices.history.retailers.length + '</section>';
}
`;

// Not a Dafalgan: the home page's search for "dafalgan" below fills the market store with those, from
// which a product page is then drawn whole (docs/decisions/249); these pages start with no price held.
const unsearched = getDemoCatalogue().filter((p) => !p.prescription && p.brand !== 'Dafalgan');
const product = unsearched[0]!;

function root(html: string) {
  const $ = load(html);
  const element = $('#root');
  return {
    page: element.attr(FIRST_SCREEN_ATTRIBUTE) ?? null,
    whole: element.attr(FIRST_SCREEN_WHOLE_ATTRIBUTE) !== undefined,
    preloads: $('link[rel="preload"], link[rel="modulepreload"]')
      .map((_i, link) => $(link).attr('href'))
      .get(),
    drawn: element.find('h1.drawn').text() || null,
    seed: $(`script#${LANDING_SEED_ID}`),
    prices: $(`script#${PRICES_SEED_ID}`),
    $,
  };
}

describe('the home and product pages are drawn into index.html', () => {
  // The build's index.html preloads the boot chunk, as a real build's does.
  const servers = useDrawnAndBareServers(FAKE_RENDERER, (distDir) => {
    const index = join(distDir, 'index.html');
    const preload = '<link rel="modulepreload" crossorigin="" href="/assets/boot-abc123.js">';
    writeFileSync(index, readFileSync(index, 'utf8').replace('</head>', `${preload}</head>`));
  });

  async function page(base: string, path: string, acceptLanguage = 'fr-BE') {
    const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html', 'accept-language': acceptLanguage } });
    expect(res.status).toBe(200);
    return root(await res.text());
  }

  it('the home page in the language of its address', async () => {
    expect(await page(servers.server.url, '/nl')).toMatchObject({ page: 'home', drawn: 'home nl /nl' });
    expect(await page(servers.server.url, '/en/', 'nl-BE')).toMatchObject({ page: 'home', drawn: 'home en /en' });
    expect(await page(servers.server.url, '/', 'de-DE')).toMatchObject({ page: 'home', drawn: 'home fr /' });
  });

  it('the bare home page as the app will show it: a first visit in English is drawn as /en', async () => {
    expect(await page(servers.server.url, '/', 'en-US,en;q=0.9')).toMatchObject({ page: 'home', drawn: 'home en /en' });
  });

  it('a drawn page does not preload the app ahead of itself (ADR 120)', async () => {
    const boot = '/assets/boot-abc123.js';
    const translations = '/locales/fr/common.json';
    expect(await page(servers.server.url, '/')).toMatchObject({ page: 'home', preloads: [] });
    expect(await page(servers.server.url, `/${product.slug}`)).toMatchObject({ page: 'product', preloads: [] });
    // The app draws every other page itself, at once: it needs them first.
    expect(await page(servers.server.url, '/about')).toMatchObject({ preloads: [boot, translations] });
  });

  it('a search address is drawn (ADR 180); the shell and the other pages are left to the app', async () => {
    // The home page at its results address (first-screen-searched-home.api.test.ts: with its results).
    expect(await page(servers.server.url, '/?q=dafalgan')).toMatchObject({
      page: 'home',
      drawn: 'home fr /?q=dafalgan',
    });
    // The shell the service worker precaches and answers later navigations with.
    expect(await page(servers.server.url, '/index.html')).toMatchObject({ page: null, drawn: null });
    expect(await page(servers.server.url, '/about')).toMatchObject({ page: null, drawn: null });
    expect(await page(servers.server.url, '/nl/pharmacies')).toMatchObject({ page: null, drawn: null });
  });

  it('a product page with its product, and the product as JSON for the app', async () => {
    const drawn = await page(servers.server.url, `/en/${product.slug}`);
    expect(drawn).toMatchObject({ page: 'product', drawn: `product en /en/${product.slug}` });
    expect(drawn.$('#root p').text()).toBe(`${product.name.fr} <${product.cnk}>`);
    const seed = productLandingResponseSchema.parse(JSON.parse(drawn.seed.text()));
    expect(seed).toMatchObject({ slug: product.slug, cnk: product.cnk });
    // Nothing in the JSON can end its script element early.
    expect(drawn.seed.text()).not.toMatch(/</);
  });

  it('the home page is whole without the app; a product page only with every price cached (ADR 121)', async () => {
    expect(await page(servers.server.url, '/en')).toMatchObject({ page: 'home', whole: true });
    // Nothing cached for the product's CNK: drawn without prices (the app fetches them), with its history.
    const before = await page(servers.server.url, `/en/${product.slug}`);
    expect(before).toMatchObject({ page: 'product', whole: false });
    expect(productPricesSeedSchema.parse(JSON.parse(before.prices.text()))).toMatchObject({
      cnk: product.cnk,
      search: null,
      history: { cnk: product.cnk, currency: 'EUR' },
    });
    // Drawing the page asked no shop: it is still not cached.
    expect(await page(servers.server.url, `/en/${product.slug}`)).toMatchObject({ whole: false });

    const searched = await fetch(`${servers.server.url}/api/search/?q=${product.cnk}`, {
      headers: { accept: 'application/json' },
    });
    expect(searched.status).toBe(200);
    const after = await page(servers.server.url, `/en/${product.slug}`);
    expect(after).toMatchObject({ page: 'product', whole: true });
    expect(after.$('#root p').text()).toBe(`${product.name.fr} <${product.cnk}> prices of ${product.cnk}`);
    const seed = productPricesSeedSchema.parse(JSON.parse(after.prices.text()));
    expect(seed.search?.result).toMatchObject({ query: product.cnk, kind: 'cnk', cached: true });
    expect(seed.search!.result.products.some((p) => p.cnk === product.cnk)).toBe(true);
    // Fresh for the cache's time to live (SEARCH_CACHE_TTL_S), counted from the oldest answer.
    const freshFor = Date.parse(seed.search!.freshUntil) - Date.parse(seed.search!.result.fetchedAt);
    expect(freshFor).toBe(servers.server.env.SEARCH_CACHE_TTL_S * 1000);
    expect(after.prices.text()).not.toMatch(/</);
  });

  it('a page that fails to draw or a build without the renderer: the bare app', async () => {
    // An unknown product is a 404 with the not-found page (first-screen-not-found.api.test.ts).
    const failed = await page(servers.server.url, `/nl/${product.slug}`);
    expect(failed).toMatchObject({ page: null, drawn: null });
    expect(failed.seed.length).toBe(0);
    expect(failed.$('title').text()).toContain(product.name.nl); // the rest of the page is as before
    const plain = await page(servers.bare.url, `/${product.slug}`);
    expect(plain).toMatchObject({ page: null, drawn: null });
    expect(plain.seed.length).toBe(0);
  });

  describe('a product page drawn without its prices completes itself in one request (ADR 140)', () => {
    const prices = (base: string, path: string) =>
      fetch(`${base}/api/first-screen/prices/?path=${encodeURIComponent(path)}`, {
        headers: { accept: 'application/json' },
      });
    const other = unsearched.find((p) => p.brand === 'Nurofen')!;

    it('searches the CNK and answers the price parts drawn with every price, and the data the app starts on', async () => {
      expect(await page(servers.server.url, `/en/${other.slug}`)).toMatchObject({ page: 'product', whole: false });
      const res = await prices(servers.server.url, `/en/${other.slug}`);
      expect(res.status).toBe(200);
      const body = firstScreenPricesResponseSchema.parse(await res.json());
      expect(body.parts).toMatch(
        new RegExp(
          `^<section data-prices-part="offers">en /en/${other.slug} ${other.cnk}</section><section data-prices-part="history">\\d+</section>$`,
        ),
      );
      expect(body.seed).toMatchObject({ cnk: other.cnk, history: { cnk: other.cnk } });
      // As a page drawn now would show them: every answer from the cache the search just filled.
      expect(body.seed.search?.result).toMatchObject({ query: other.cnk, kind: 'cnk', cached: true });
      expect(body.seed.search!.result.products.some((p) => p.cnk === other.cnk)).toBe(true);
      // The search it ran filled the cache: the page is now drawn whole, with the same prices.
      const after = await page(servers.server.url, `/en/${other.slug}`);
      expect(after).toMatchObject({ page: 'product', whole: true });
      expect(productPricesSeedSchema.parse(JSON.parse(after.prices.text())).search?.result.query).toBe(other.cnk);
    });

    it('an address that is not a product page: 404; a page that fails to draw or no renderer: 503', async () => {
      expect((await prices(servers.server.url, '/en/no-such-product-0000000')).status).toBe(404);
      expect((await prices(servers.server.url, '/about/')).status).toBe(404);
      expect((await prices(servers.server.url, 'https://evil.example/x')).status).toBe(404);
      const failed = await prices(servers.server.url, `/nl/${other.slug}`);
      expect(failed.status).toBe(503);
      expect(await failed.json()).toMatchObject({ code: 'not_drawn' });
      expect((await prices(servers.bare.url, `/${other.slug}`)).status).toBe(503);
    });
  });
});

describe("a drawn page's prices run a search: they count in the search's own per-client limit (ADR 140)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RETAILERS_MODE: 'demo', SEARCH_RATE_LIMIT_PER_MIN: '2' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a search, then the prices of a page, and the next of either is refused', async () => {
    const json = { headers: { accept: 'application/json' } };
    expect((await fetch(`${server.url}/api/search/?q=${product.cnk}`, json)).status).toBe(200);
    // No renderer in this build: the page is left to the app (503), but its search was run and counted.
    const path = encodeURIComponent(`/${product.slug}`);
    expect((await fetch(`${server.url}/api/first-screen/prices/?path=${path}`, json)).status).toBe(503);
    const refused = await fetch(`${server.url}/api/first-screen/prices/?path=${path}`, json);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await fetch(`${server.url}/api/search/?q=${product.cnk}`, json)).status).toBe(429);
  });
});
