import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_WHOLE_ATTRIBUTE,
  RESULTS_SLOT_ATTRIBUTE,
  SEARCH_SEED_ID,
} from '@pharmaradar/shared/first-screen-markup';
import { searchResultSchema, type SearchResult } from '@pharmaradar/shared/search.schema';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { startCountingDemo, type CountingDemo } from '../../demo/counting-demo';
import { FIRST_SCREEN_MESSAGES } from './first-screen.messages';
import { createDrawingWebDist, removeDrawingWebDist } from './first-screen.test-support';

// ADR 180: a browser without JavaScript that submits the home page's form gets
// the results drawn by the server, streamed after the page's top. The renderer stands in for the
// web build's (first-screen.ssr.test.tsx draws the real results part): the home page with its query
// and a results slot, and the results part listing every offer of the events it was given.
const FAKE_RENDERER = `
const esc = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
export function renderFirstScreen(page) {
  const q = new URL(page.path, 'http://x').searchParams.get('q');
  return '<section class="home-hero">hero ' + page.locale + ' <input name="q" value="' + esc(q ?? '') + '"></section>' +
    '<div class="home__content" data-results-slot=""><p>faq</p></div>';
}
export function renderSearchResults(page) {
  const offers = page.events.filter((e) => e.event === 'retailer')
    .flatMap((e) => e.data.offers.map((o) => '<li>' + o.retailer + ' ' + o.price.toFixed(2) + '</li>'));
  const failed = page.failed ? '<p role="alert">' + page.failed.code + ' ' + esc(page.failed.detail ?? '') + '</p>' : '';
  return '<section data-prices-part="results">' + page.locale + ' ' + esc(page.query) + failed + '<ul>' + offers.join('') + '</ul></section>';
}
`;

const html = (url: string, acceptLanguage = 'fr-BE') =>
  fetch(url, { headers: { accept: 'text/html', 'accept-language': acceptLanguage } });

function read(text: string) {
  const $ = load(text);
  const seed = $(`script#${SEARCH_SEED_ID}`);
  return {
    $,
    lang: $('html').attr('lang'),
    page: $('#root').attr(FIRST_SCREEN_ATTRIBUTE),
    whole: $('#root').attr(FIRST_SCREEN_WHOLE_ATTRIBUTE) !== undefined,
    noindex: $('meta[name="robots"]').attr('content'),
    query: $('input[name="q"]').val(),
    /** The results part, where the in-place search puts it: first in the results slot. */
    results: $(`[${RESULTS_SLOT_ATTRIBUTE}] > :first-child[data-prices-part="results"]`),
    alert: $('[data-prices-part="results"] [role="alert"]').text(),
    seed: seed.length ? searchResultSchema.parse(JSON.parse(seed.text())) : null,
    seedText: seed.text(),
  };
}

/** Every offer the result holds, as the renderer draws it. */
const offersOf = (result: SearchResult) =>
  result.products.flatMap((p) => p.offers.map((o) => `${o.retailer} ${o.price.toFixed(2)}`));

describe('a search address is drawn by the server with its results (ADR 180)', () => {
  let shops: CountingDemo;
  let server: TestServer;
  let limited: TestServer;
  let distDir: string;
  const asked = () => Object.values(shops.counts()).reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    distDir = createDrawingWebDist(FAKE_RENDERER);
    // One slow shop: the page's top must not wait for it.
    shops = await startCountingDemo({ latencyMs: { farmaline: 0, medimarket: 0, multipharma: 1500 } });
    const env = { WEB_DIST_DIR: distDir, RETAILERS_MODE: 'demo', ...shops.envOverrides };
    server = await startTestServer(env);
    limited = await startTestServer({ ...env, SEARCH_RATE_LIMIT_PER_MIN: '1' });
  });
  afterAll(async () => {
    await server?.close();
    await limited?.close();
    await shops?.close();
    removeDrawingWebDist(distDir);
  });

  it('/?q=dafalgan: the home page with the query, every shop’s prices drawn, the result for the app, noindex', async () => {
    const res = await html(`${server.url}/?q=dafalgan`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = read(await res.text());
    expect(page).toMatchObject({ lang: 'fr', page: 'home', whole: true, noindex: 'noindex', query: 'dafalgan' });
    expect(page.results.text()).toMatch(/^fr dafalgan/);
    expect(page.seed).toMatchObject({ query: 'dafalgan', kind: 'name' });
    const drawn = page.results
      .find('li')
      .map((_i, li) => page.$(li).text())
      .get();
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.sort()).toEqual(offersOf(page.seed!).sort());
    // Every shop answered and has its prices on the page.
    expect(page.seed!.retailers.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    const retailers = new Set(drawn.map((line) => line.split(' ')[0]));
    expect(retailers).toEqual(new Set(page.seed!.retailers.map((r) => r.id)));
    expect(page.seedText).not.toMatch(/</);
  });

  it('/nl?q=: the page and its results in Dutch', async () => {
    const page = read(await (await html(`${server.url}/nl?q=${encodeURIComponent(' nurofen ')}`, 'fr-BE')).text());
    expect(page).toMatchObject({ lang: 'nl', page: 'home', query: 'nurofen', noindex: 'noindex' });
    expect(page.results.text()).toMatch(/^nl nurofen/);
    expect(page.seed).toMatchObject({ query: 'nurofen' });
    expect(page.results.find('li').length).toBe(offersOf(page.seed!).length);
  });

  it('the page’s top, up to the results, arrives before the search has ended', async () => {
    const res = await html(`${server.url}/en?q=ibuprofen`);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let first = '';
    while (!first.includes(`${RESULTS_SLOT_ATTRIBUTE}=""`)) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      first += value;
    }
    expect(first).toContain('hero en <input name="q" value="ibuprofen">');
    expect(first).toContain('<meta name="robots" content="noindex">');
    // Nothing of the search yet: the slow shop has not answered.
    expect(first).not.toContain('data-prices-part');
    expect(first).not.toContain(SEARCH_SEED_ID);
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
    const page = read(first + rest);
    expect(page.seed).toMatchObject({ query: 'ibuprofen' });
    expect(page.seed!.retailers.find((r) => r.id === 'multipharma')?.status).toBe('ok');
    expect(page.results.find('li').length).toBe(offersOf(page.seed!).length);
  });

  it('an empty or over-long query: 400, the page with the reason in place of results; a HEAD: no shop asked', async () => {
    shops.reset();
    const long = await html(`${server.url}/?q=${'a'.repeat(121)}`);
    expect(long.status).toBe(400);
    expect(long.headers.get('x-robots-tag')).toBe('noindex');
    const page = read(await long.text());
    expect(page).toMatchObject({
      page: 'home',
      seed: null,
      alert: `query_too_long ${FIRST_SCREEN_MESSAGES.badQuery.fr}`,
    });
    const empty = await html(`${server.url}/nl?q=%20`);
    expect(empty.status).toBe(400);
    expect(read(await empty.text()).alert).toBe(`empty_query ${FIRST_SCREEN_MESSAGES.badQuery.nl}`);
    // A HEAD reads the headers only: nothing is searched for it.
    const head = await fetch(`${server.url}/?q=dafalgan`, { method: 'HEAD', headers: { accept: 'text/html' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-robots-tag')).toBe('noindex');
    expect(asked()).toBe(0);
    // 120 characters is still a search.
    expect((await html(`${server.url}/?q=${'a'.repeat(120)}`)).status).toBe(200);
  });

  it('over the search’s per-client limit: 429, the reason in place of results, no shop asked', async () => {
    const first = await html(`${limited.url}/?q=dafalgan`);
    expect(first.status).toBe(200);
    expect(read(await first.text()).seed).toMatchObject({ query: 'dafalgan' });
    shops.reset();
    const refused = await html(`${limited.url}/nl?q=dafalgan`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const page = read(await refused.text());
    expect(page).toMatchObject({ lang: 'nl', page: 'home', query: 'dafalgan', seed: null });
    expect(page.alert).toBe(`rate_limited ${FIRST_SCREEN_MESSAGES.tooManySearches.nl}`);
    expect(asked()).toBe(0);
    // The same budget as the search API's.
    const api = await fetch(`${limited.url}/api/search/?q=dafalgan`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(429);
  });
});
