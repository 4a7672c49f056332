import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { searchJson } from '../../../test/helpers/search';
import { getDemoCatalogue } from '../../demo/catalogue';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { rssFeed, startFeedServer, type FeedServer, waitForFeedImport } from './feeds.test-support';

// A shop read from its feed (docs/decisions/170): the real server in demo mode, Newpharma configured
// as a feed on a loopback server; its offers come from SQLite in the same search answer as the shops'.

const catalogue = getDemoCatalogue();
const sold = catalogue.filter((p) => !p.prescription && p.offers.farmaline);
const [onSale, outOfStock] = [sold[0]!, sold[1]!];
const prescription = catalogue.find((p) => p.prescription)!;

const feedOffers = (result: SearchResult) =>
  result.products.flatMap((p) => p.offers.filter((o) => o.retailer === 'newpharma').map((o) => ({ ...o, product: p })));

describe('a shop read from its feed', () => {
  let feed: FeedServer;
  let server: TestServer;
  beforeAll(async () => {
    feed = await startFeedServer(
      rssFeed([
        {
          id: 'A',
          title: onSale.name.fr,
          price: '19.99 EUR',
          salePrice: '2.49 EUR',
          gtin: onSale.ean,
          brand: onSale.brand,
        },
        { id: 'B', title: outOfStock.name.fr, price: '3.10 EUR', availability: 'out of stock', gtin: outOfStock.ean },
        { id: 'C', title: prescription.name.fr, price: '5.00 EUR', gtin: prescription.ean },
        { id: 'D', title: 'Zyxwelle crème mains', price: '7,25 EUR', brand: 'Zyxwelle' },
      ]),
    );
    server = await startTestServer({
      RETAILERS_MODE: 'demo',
      SEARCH_RATE_LIMIT_PER_MIN: '1000',
      RETAILERS: 'farmaline,newpharma',
      RETAILER_FEEDS: `newpharma=${feed.url}/feed.xml`,
      RETAILER_LINK_TEMPLATES: 'newpharma=https://track.example.net/click?m=7&u={url}',
    });
    await waitForFeedImport(server, 'newpharma');
  });
  afterAll(async () => {
    await server?.close();
    await feed?.close();
  });

  it('answers a name search from the feed, sale price winning, joined to the CNK through the GTIN', async () => {
    const result = await searchJson(server.url, onSale.name.fr);
    expect(result.retailers.map((r) => [r.id, r.status])).toEqual([
      ['farmaline', 'ok'],
      ['newpharma', 'ok'],
    ]);
    const offer = feedOffers(result).find((o) => o.cnk === onSale.cnk)!;
    expect(offer).toMatchObject({ price: 2.49, wasPrice: 19.99, inStock: true });
    // The same product as the page shop's offer: one card, both shops.
    expect(offer.product.offers.map((o) => o.retailer).sort()).toEqual(['farmaline', 'newpharma']);
    const state = server.db.prepare("SELECT checked_at FROM feed_state WHERE retailer = 'newpharma'").get() as {
      checked_at: number;
    };
    expect(result.fetchedAt).toBe(new Date(state.checked_at).toISOString());
    expect(feed.statuses).toEqual([200]);
  });

  it('sends the links of a shop with a link template through it, marked sponsored; the others as they are', async () => {
    const result = await searchJson(server.url, onSale.name.fr);
    const offers = result.products.flatMap((p) => p.offers);
    const fed = offers.find((o) => o.retailer === 'newpharma' && o.cnk === onSale.cnk)!;
    expect(fed.url).toBe('https://track.example.net/click?m=7&u=https%3A%2F%2Fshop.example.be%2Fp%2FA');
    expect(fed.sponsored).toBe(true);
    const page = offers.find((o) => o.retailer === 'farmaline')!;
    expect(page.url).not.toContain('track.example.net');
    expect(page.sponsored).toBeUndefined();
  });

  it('offers an out-of-stock item as not in stock, found by its CNK and by its EAN', async () => {
    const byCnk = feedOffers(await searchJson(server.url, outOfStock.cnk));
    expect(byCnk.map((o) => [o.cnk, o.price, o.inStock])).toEqual([[outOfStock.cnk, 3.1, false]]);
    const byEan = feedOffers(await searchJson(server.url, outOfStock.ean));
    expect(byEan.map((o) => o.cnk)).toEqual([outOfStock.cnk]);
  });

  it('drops an item the catalogue says is prescription-only', async () => {
    const result = await searchJson(server.url, prescription.ean);
    expect(feedOffers(result)).toEqual([]);
    expect(result.retailers.find((r) => r.id === 'newpharma')?.status).toBe('empty');
  });

  it('finds an item without GTIN by its words, accents or not, as a product of its own name', async () => {
    const result = await searchJson(server.url, 'zyxwelle creme');
    expect(feedOffers(result).map((o) => [o.name, o.price, o.cnk])).toEqual([['Zyxwelle crème mains', 7.25, null]]);
  });
});

describe('a feed refused at start-up', () => {
  it('is logged and counted as a failed call of the shop, which /admin and the shop alarm read', async () => {
    const feed = await startFeedServer('<html><body>Just a moment...</body></html>');
    const server = await startTestServer({
      RETAILERS_MODE: 'demo',
      RETAILERS: 'farmaline,newpharma',
      RETAILER_FEEDS: `newpharma=${feed.url}/feed.xml`,
    });
    try {
      const deadline = Date.now() + 10_000;
      const refused = () =>
        server.db.prepare("SELECT status, error, reason FROM retailer_calls WHERE retailer = 'newpharma'").all();
      while (refused().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(refused()).toEqual([
        {
          status: 'error',
          error: 'parse_failed',
          reason: expect.stringMatching(
            /^feed refused \(malformed\): .*\{\}html is not RSS 2.0, RSS 1.0, Atom 1.0 or Atom 0.3/,
          ),
        },
      ]);
      expect(server.logs().some((l) => l.includes('feed refused, the previous one stays'))).toBe(true);
    } finally {
      await server.close();
      await feed.close();
    }
  });
});
