import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@pharmaradar/shared/api-error';
import {
  MAX_OFFERS_PER_PRODUCT,
  searchResultSchema,
  type SearchEvent,
  type SearchResult,
} from '@pharmaradar/shared/search.schema';
import { LIVE_TEST_ENV, startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';
import { DATABASE_FILE_NAME } from '../../db/cli-database';
import { openDatabase } from '../../db/database';
import { SEARCH_MESSAGES } from './search.routes';
import {
  searchEvents,
  searchUrl,
  startSearchTestServer,
  type SearchTestServer,
} from './testing/search-test-kit.test-support';

const DEFAULT_SHOPS = ['farmaline', 'medimarket', 'multipharma'] as const;

function eventNames(events: SearchEvent[]): string[] {
  return events.map((e) =>
    e.event === 'stage' ? `stage:${e.data.stage}` : e.event === 'retailer' ? `retailer:${e.data.retailer}` : e.event,
  );
}

async function searchJson(base: string, q: string): Promise<SearchResult> {
  const response = await fetch(searchUrl(base, q), { headers: { accept: 'application/json' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return searchResultSchema.parse(await response.json());
}

function expectWellFormedProducts(result: SearchResult) {
  for (const product of result.products) {
    expect(product.offers.length).toBeGreaterThan(0);
    expect(product.offers.length).toBeLessThanOrEqual(MAX_OFFERS_PER_PRODUCT);
    const prices = product.offers.map((o) => o.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The best price is the lowest one can buy: in stock or of unknown stock (ADR 155).
    const buyable = product.offers.filter((o) => o.inStock !== false).map((o) => o.price);
    const lowest = buyable.length > 0 ? Math.min(...buyable) : null;
    expect(product.offers.map((o) => o.best)).toEqual(
      product.offers.map((o) => o.inStock !== false && o.price === lowest),
    );
  }
  const cnks = result.products.flatMap((p) => (p.cnk ? [p.cnk] : []));
  expect(new Set(cnks).size).toBe(cnks.length);
}

describe('GET /api/search', () => {
  let ctx: SearchTestServer;
  beforeAll(async () => {
    ctx = await startSearchTestServer();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the final JSON of the contract, grouped by CNK, with prescription items left out', async () => {
    const result = await searchJson(ctx.server.url, '  Dafalgan ');
    expect(result).toMatchObject({ query: 'Dafalgan', kind: 'name', cached: false, demo: true });
    expect(result.retailers.map((r) => [r.id, r.status])).toEqual(DEFAULT_SHOPS.map((id) => [id, 'ok']));
    expectWellFormedProducts(result);

    const catalogue = getDemoCatalogue().filter((p) => /dafalgan/i.test(p.name.fr));
    const prescription = catalogue.filter((p) => p.prescription);
    expect(prescription.length).toBeGreaterThan(0);
    const found = new Set(result.products.map((p) => p.cnk));
    for (const p of prescription) expect(found.has(p.cnk)).toBe(false);
    expect(JSON.stringify(result)).not.toMatch(/cod[ée]ine/i);

    // Every shop's offer for the same pack lands in one product, linked to its landing page.
    const everywhere = catalogue.find((p) => !p.prescription && DEFAULT_SHOPS.every((id) => p.offers[id]))!;
    const product = result.products.find((p) => p.cnk === everywhere.cnk)!;
    expect(product.offers.map((o) => o.retailer).sort()).toEqual([...DEFAULT_SHOPS]);
    expect(product.slug).toBe(everywhere.slug);
    expect(
      product.offers.every((o) => o.currency === 'EUR' && o.cnk === everywhere.cnk && o.searchedCode === null),
    ).toBe(true);
  });

  it('flags every offer in stock tied at the lowest price as best (CNK search, exact match first)', async () => {
    // Only offers one can buy compete for the best price (ADR 155): the tie is among offers in stock.
    const tie = getDemoCatalogue().find((p) => {
      if (p.prescription) return false;
      const prices = DEFAULT_SHOPS.flatMap((id) => (p.offers[id]?.inStock ? [p.offers[id].price] : []));
      return prices.filter((price) => price === Math.min(...prices)).length >= 2;
    })!;
    const result = await searchJson(ctx.server.url, tie.cnk);
    expect(result.kind).toBe('cnk');
    expect(result.products[0]?.cnk).toBe(tie.cnk);
    const offers = result.products[0]!.offers;
    expect(offers.every((o) => o.searchedCode === tie.cnk)).toBe(true);
    const lowest = Math.min(...offers.filter((o) => o.inStock !== false).map((o) => o.price));
    expect(offers.filter((o) => o.best).length).toBeGreaterThanOrEqual(2);
    expect(offers.filter((o) => o.best).every((o) => o.inStock !== false)).toBe(true);
    expect(offers.filter((o) => o.best).every((o) => o.price === lowest)).toBe(true);
  });

  it('streams stage and retailer events as retailers answer, then the result', async () => {
    const { response, events } = await searchEvents(ctx.server.url, 'nurofen');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');

    // Latencies 20 / 300 / 700 ms: the fastest shop's event comes first, the slowest's last. Each
    // stage holds until the next retailer answers, so every one of them is seen.
    expect(eventNames(events)).toEqual([
      'stage:launching',
      'retailer:farmaline',
      'stage:first_results',
      'retailer:medimarket',
      'stage:deep_analysis',
      'retailer:multipharma',
      'stage:complete',
      'result',
    ]);
    expect(events[0]).toEqual({ event: 'stage', data: { stage: 'launching', demo: true } });
    const retailerEvents = events.filter(
      (e): e is Extract<SearchEvent, { event: 'retailer' }> => e.event === 'retailer',
    );
    for (const e of retailerEvents) {
      expect(e.data.status).toBe('ok');
      expect(e.data.offers.length).toBeGreaterThan(0);
      expect(e.data.offers.every((o) => o.retailer === e.data.retailer && !o.best)).toBe(true);
    }
    const last = events.at(-1)!;
    expect(last.event).toBe('result');
    if (last.event === 'result') {
      expectWellFormedProducts(last.data);
      expect(last.data.demo).toBe(true);
    }
  });

  it('skips "deep analysis" when every remaining retailer answers at once (all from the cache)', async () => {
    await searchEvents(ctx.server.url, 'bepanthen');
    const { events } = await searchEvents(ctx.server.url, 'bepanthen');
    expect(events.filter((e) => e.event === 'retailer').every((e) => e.event === 'retailer' && e.data.cached)).toBe(
      true,
    );
    expect(eventNames(events)).toEqual([
      'stage:launching',
      'retailer:farmaline',
      'retailer:medimarket',
      'retailer:multipharma',
      'stage:first_results',
      'stage:complete',
      'result',
    ]);
  });

  it.each([
    ['fr', { query: '&lang=fr' }, 'Saisissez un nom de produit ou un CNK.'],
    ['en', { query: '&lang=en' }, 'Enter a product name or CNK.'],
    ['nl', { header: 'nl-BE,nl;q=0.9' }, 'Voer een productnaam of CNK in.'],
    ['fr (default)', {}, 'Saisissez un nom de produit ou un CNK.'],
  ] as const)('refuses an empty query with a 400 in %s', async (_lang, how, detail) => {
    const extra = 'query' in how ? how.query : '';
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if ('header' in how) headers['accept-language'] = how.header;
    for (const q of ['', '   ']) {
      const response = await fetch(searchUrl(ctx.server.url, q, extra), { headers });
      expect(response.status).toBe(400);
      expect(apiErrorSchema.parse(await response.json())).toEqual({ code: 'empty_query', detail });
    }
    const missing = await fetch(`${ctx.server.url}/api/search${extra ? `?${extra.slice(1)}` : ''}`, { headers });
    expect(missing.status).toBe(400);
  });

  it('refuses a query longer than 120 characters', async () => {
    const response = await fetch(searchUrl(ctx.server.url, 'a'.repeat(121), '&lang=en'));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'query_too_long' });
  });
});

describe('search stages when the first shop to answer has no offers', () => {
  let ctx: SearchTestServer;
  beforeAll(async () => {
    ctx = await startSearchTestServer({}, { faults: { farmaline: '5xx' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('announces first results with the first offers, and no deep analysis when the next answer is the last', async () => {
    const { events } = await searchEvents(ctx.server.url, 'nurofen');
    expect(eventNames(events)).toEqual([
      'stage:launching',
      'retailer:farmaline',
      'retailer:medimarket',
      'stage:first_results',
      'retailer:multipharma',
      'stage:complete',
      'result',
    ]);
  });
});

describe('search in live mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ...LIVE_TEST_ENV,
      MEDIMARKET_BASE_URL: 'http://127.0.0.1:9',
      MEDIMARKET_PHARMACY_BASE_URL: 'http://127.0.0.1:9',
      MULTIPHARMA_BASE_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says from the first event that the prices are not demo prices', async () => {
    const { events } = await searchEvents(server.url, 'nurofen');
    expect(events[0]).toEqual({ event: 'stage', data: { stage: 'launching', demo: false } });
    const last = events.at(-1)!;
    expect(last.event === 'result' && last.data.demo).toBe(false);
  });
});

describe('search failure message', () => {
  it.each(['fr', 'en', 'nl'] as const)('is word for word the web message in %s', (locale) => {
    const file = new URL(`../../../../web/public/locales/${locale}/search.json`, import.meta.url);
    const web = JSON.parse(readFileSync(file, 'utf8')) as { error: { fetch: string } };
    expect(SEARCH_MESSAGES.failed[locale]).toBe(web.error.fetch);
  });
});

describe('search rate limit', () => {
  let ctx: SearchTestServer;
  beforeAll(async () => {
    ctx = await startSearchTestServer({ SEARCH_RATE_LIMIT_PER_MIN: '3' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 429 with Retry-After past the limit, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await fetch(searchUrl(ctx.server.url, 'perdolan'), { headers: { 'x-forwarded-for': `10.0.0.${i}` } });
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
    }
    const refused = await fetch(searchUrl(ctx.server.url, 'perdolan', '&lang=en'), {
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('a cached search', () => {
  let ctx: SearchTestServer;
  beforeAll(async () => {
    ctx = await startSearchTestServer({ SEARCH_RATE_LIMIT_PER_MIN: '1000' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('costs no database write, from the first cached answer on', async () => {
    const ask = async () => {
      const response = await fetch(searchUrl(ctx.server.url, 'perdolan'), { headers: { accept: 'application/json' } });
      expect(response.status).toBe(200);
      return (await response.json()) as { cached: boolean };
    };
    await ask(); // fetched from the shops and cached
    expect((await ask()).cached).toBe(true);
    // Another connection sees data_version move when anyone commits a write to the file.
    const other = openDatabase(join(ctx.server.dataDir, DATABASE_FILE_NAME));
    try {
      const version = () => other.pragma('data_version', { simple: true }) as number;
      const before = version();
      for (let i = 0; i < 20; i++) expect((await ask()).cached).toBe(true);
      expect(version()).toBe(before);
    } finally {
      other.close();
    }
  });
});

describe('demo mode wiring (embedded demo shops)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      RETAILERS_MODE: 'demo',
      DEMO_LATENCY_MS: 'farmaline:5,medimarket:10,multipharma:15',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('links offers and pictures to the demo shops served by the app itself', async () => {
    const result = await searchJson(server.url, 'strepsils');
    expect(result.demo).toBe(true);
    const offers = result.products.flatMap((p) => p.offers);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.url).toMatch(/^\/__demo\/retailers\/[a-z-]+\//);
      expect(offer.image).toMatch(/^\/__demo\/retailers\/[a-z-]+\/img\/\d{7}\.svg$/);
    }
    const page = await fetch(`${server.url}${offers[0]!.url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('démonstration');
    const picture = await fetch(`${server.url}${offers[0]!.image}`);
    expect(picture.headers.get('content-type')).toContain('image/svg+xml');
    await picture.arrayBuffer();
  });
});
