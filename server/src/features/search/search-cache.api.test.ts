import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema, type SearchResult } from '@pharmaradar/shared/search.schema';
import { searchJson } from '../../../test/helpers/search';
import {
  searchEvents,
  searchUrl,
  startSearchTestServer,
  type SearchTestServer,
  useCachedSearchServer,
} from './testing/search-test-kit.test-support';

const withoutTimes = (result: SearchResult) => result.products;

describe('search cache', () => {
  const ctx = useCachedSearchServer();

  it('answers a repeated search from SQLite without asking the retailers again', async () => {
    const first = await searchJson(ctx.server.url, 'Bepanthen');
    expect(first.cached).toBe(false);
    const upstream = ctx.shops.counts();
    expect(upstream.farmaline).toBe(1);

    ctx.clock.advance(60_000);
    // Case and spacing do not change what a retailer answers: same cache entry.
    const second = await searchJson(ctx.server.url, '  bepanthen ');
    expect(second.cached).toBe(true);
    expect(ctx.shops.counts()).toEqual(upstream);
    expect(withoutTimes(second)).toEqual(withoutTimes(first));
    expect(second.retailers).toEqual(first.retailers); // original ms kept
    expect(second.fetchedAt).toBe(first.fetchedAt);

    const { events } = await searchEvents(ctx.server.url, 'bepanthen');
    const retailerEvents = events.filter((e) => e.event === 'retailer');
    expect(retailerEvents).toHaveLength(3);
    expect(retailerEvents.every((e) => e.event === 'retailer' && e.data.cached === true)).toBe(true);
    expect(ctx.shops.counts()).toEqual(upstream);
  });

  it('sends a cached answer as JSON.stringify of the result, the query echoed as typed each time', async () => {
    await searchJson(ctx.server.url, 'sudocrem');
    const bodies: string[] = [];
    for (const q of ['sudocrem', 'Sudocrem', 'sudocrem']) {
      const response = await fetch(searchUrl(ctx.server.url, q), { headers: { accept: 'application/json' } });
      expect(response.headers.get('content-type')).toBe('application/json');
      bodies.push(await response.text());
    }
    const [first, upper, again] = bodies.map((b) => searchResultSchema.parse(JSON.parse(b)));
    expect(first!.cached).toBe(true);
    // Byte for byte what JSON.stringify gives for the parsed answer (same key order, no extra spaces).
    expect(bodies[0]).toBe(JSON.stringify(first));
    expect(bodies[2]).toBe(bodies[0]);
    expect(upper!.query).toBe('Sudocrem');
    expect(bodies[1]).toBe(JSON.stringify({ ...again, query: 'Sudocrem' }));
  });

  it('counts every search in the statistics, also those answered from the kept JSON body', async () => {
    for (let i = 0; i < 3; i += 1) await searchJson(ctx.server.url, 'Weleda');
    // Counts are written in batches; one older than 10 s goes with the next search.
    ctx.clock.advance(20_000);
    await searchJson(ctx.server.url, 'sudocrem');
    const row = ctx.server.db
      .prepare('SELECT sum(searches) AS searches FROM search_query_stats WHERE query = ?')
      .get('weleda') as { searches: number };
    expect(row.searches).toBe(3);
  });

  it('asks the retailers again once the TTL has passed', async () => {
    await searchJson(ctx.server.url, 'perdolan');
    const before = ctx.shops.counts();
    ctx.clock.advance(901_000);
    const fresh = await searchJson(ctx.server.url, 'perdolan');
    expect(fresh.cached).toBe(false);
    expect(ctx.shops.counts().farmaline).toBe(before.farmaline + 1);
  });

  it('records the products seen, for their landing pages', async () => {
    const result = await searchJson(ctx.server.url, 'nurofen');
    const rows = ctx.server.db.prepare('SELECT cnk, slug FROM products').all() as Array<{ cnk: string; slug: string }>;
    const bySlug = new Map(rows.map((r) => [r.cnk, r.slug]));
    for (const product of result.products) expect(bySlug.get(product.cnk!)).toBe(product.slug);
  });
});

describe('request coalescing', () => {
  let ctx: SearchTestServer;
  beforeAll(async () => {
    // No cache: only coalescing can spare upstream requests here. Slow shops keep every request of
    // the burst inside the in-flight window.
    ctx = await startSearchTestServer(
      { SEARCH_CACHE_TTL_S: '0' },
      { latencyMs: { farmaline: 1500, medimarket: 1500, multipharma: 1500 } },
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('makes one upstream request per retailer for 100 identical concurrent searches', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, () => searchJson(ctx.server.url, 'vichy')));
    expect(ctx.shops.counts()).toEqual({
      farmaline: 1,
      medimarket: 1,
      'medimarket-pharmacy': 1,
      multipharma: 1,
      newpharma: 0,
    });
    for (const result of results) {
      expect(result.retailers.every((r) => r.status === 'ok')).toBe(true);
      expect(result.products).toEqual(results[0]!.products);
    }
  });

  it('keeps a shared request going for the others when one client goes away', async () => {
    ctx.shops.reset();
    const leaving = new AbortController();
    const streamed = fetch(searchUrl(ctx.server.url, 'avène'), {
      headers: { accept: 'text/event-stream' },
      signal: leaving.signal,
    })
      .then(async (response) => {
        const reader = response.body!.getReader();
        await reader.read(); // the first bytes (launching), then the client hangs up
        leaving.abort();
      })
      .catch(() => undefined);
    const staying = searchJson(ctx.server.url, 'avène');
    await streamed;
    const result = await staying;
    expect(result.retailers.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(ctx.shops.counts()).toMatchObject({ farmaline: 1, medimarket: 1, multipharma: 1 });
  });
});
