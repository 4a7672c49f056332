import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema, type SearchResult } from '@pharmaradar/shared/search.schema';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { waitForFeedImport } from '../features/feeds/feeds.test-support';
import { getDemoCatalogue } from './catalogue';

// Demo mode: the demo Newpharma takes part through its feed (docs/decisions/170), made by the project
// from the demo catalogue; turning it on is naming it in RETAILERS.

async function searchJson(base: string, q: string): Promise<SearchResult> {
  const response = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, {
    headers: { accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return searchResultSchema.parse(await response.json());
}

const product = getDemoCatalogue().find((p) => !p.prescription && p.offers.newpharma && p.offers.farmaline)!;

describe('demo Newpharma as a feed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      RETAILERS_MODE: 'demo',
      RETAILERS: 'farmaline,medimarket,multipharma,newpharma',
      DEMO_PRICES_MOVE: 'false',
      SEARCH_RATE_LIMIT_PER_MIN: '1000',
    });
    // The demo feed holds the whole demo catalogue: it may take longer than a test's own feed.
    await waitForFeedImport(server, 'newpharma', 15_000);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers as a fourth shop from its feed, with links to the demo shop on the app', async () => {
    expect(server.jobs()).toContain('feed import newpharma');
    const result = await searchJson(server.url, product.cnk);
    expect(result.retailers.map((r) => [r.id, r.status])).toEqual([
      ['farmaline', 'ok'],
      ['medimarket', expect.any(String)],
      ['multipharma', expect.any(String)],
      ['newpharma', 'ok'],
    ]);
    const offer = result.products.flatMap((p) => p.offers).find((o) => o.retailer === 'newpharma')!;
    expect(offer).toMatchObject({ cnk: product.cnk, price: product.offers.newpharma!.price });
    expect(offer.url).toMatch(/^\/__demo\/retailers\/newpharma\/pharmacie\//);
    expect((await fetch(`${server.url}${offer.url}`)).status).toBe(200);
    const items = server.db.prepare("SELECT count(*) AS n FROM feed_items WHERE retailer = 'newpharma'").get();
    expect(items).toEqual({ n: getDemoCatalogue().filter((p) => p.offers.newpharma).length });
  });
});

describe('demo mode with the default shops', () => {
  it('reads no feed: the three shops stay as they are', async () => {
    const server = await startTestServer({ RETAILERS_MODE: 'demo' });
    try {
      expect(server.jobs().filter((j) => j.startsWith('feed import'))).toEqual([]);
      expect(server.env.RETAILERS).toEqual(['farmaline', 'medimarket', 'multipharma']);
    } finally {
      await server.close();
    }
  });
});
