import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema } from '@pharmaradar/shared/alerts.schema';
import { priceHistoryResponseSchema } from '@pharmaradar/shared/price-history.schema';
import { proProductEventSchema } from '@pharmaradar/shared/pro.schema';
import { getDemoCatalogue } from '../../demo/catalogue';
import type { TestServer } from '../../../test/helpers/test-server';
import { belowAlert } from '../../../test/helpers/alerts';
import { accountOn, readEvents } from '../../../test/helpers/pro-account';
import { rssFeed, startFeedServer, type FeedServer, startServerWithFeedShop } from './feeds.test-support';

// A shop known only by its feed (docs/decisions/170, 179) is a shop like the others downstream of
// the search: its prices go into the price history, price alerts name it when it is the cheapest, and
// the Pro market prices include it. Its price is set far below the demo shops' so that it is the
// cheapest whatever day the demo prices are on.

const product = getDemoCatalogue().find((p) => !p.prescription && p.ean && p.offers.farmaline)!;
const FEED_PRICE = 0.5;

describe('a feed-only shop after the search', () => {
  let feed: FeedServer;
  let server: TestServer;
  beforeAll(async () => {
    feed = await startFeedServer(
      rssFeed([{ id: 'X1', title: product.name.fr, price: `${FEED_PRICE.toFixed(2)} EUR`, gtin: product.ean }]),
    );
    server = await startServerWithFeedShop(feed, { ALERTS_CHECK_INTERVAL_MIN: '0' });
  });
  afterAll(async () => {
    await server?.close();
    await feed?.close();
  });

  it("keeps the feed shop's price in the product's price history", async () => {
    const searched = await fetch(`${server.url}/api/search?q=${product.cnk}`, {
      headers: { accept: 'application/json' },
    });
    expect(searched.status).toBe(200);
    const response = await fetch(`${server.url}/api/products/${product.cnk}/history/`);
    expect(response.status).toBe(200);
    const history = priceHistoryResponseSchema.parse(await response.json());
    const shops = history.retailers.map((r) => r.retailer);
    expect(shops).toContain('pharmacie-x');
    expect(history.retailers.find((r) => r.retailer === 'pharmacie-x')!.current?.price).toBe(FEED_PRICE);
    expect(history.bestPrice).toBe(FEED_PRICE);
  });

  it('mails a price alert naming the feed shop, by its display name, as the cheapest', async () => {
    const anne = await accountOn(server, 'anne@example.be', false);
    const created = await anne.post('/api/alerts/create/', belowAlert(product, 1));
    expect(created.status).toBe(201);
    expect(alertSchema.parse(created.body).kind).toBe('below');
    expect((await server.alertChecks()).mailed).toBe(1);
    const deadline = Date.now() + 10_000;
    let mail = server.readOutbox().find((m) => m.to.includes('anne@example.be') && m.subject.startsWith('Alerte prix'));
    while (!mail && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      mail = server.readOutbox().find((m) => m.to.includes('anne@example.be') && m.subject.startsWith('Alerte prix'));
    }
    expect(mail?.text).toContain('0,50');
    expect(mail?.text).toContain('Meilleur prix chez Pharmacie X.');
  });

  it("prices the product for Pro with the feed shop's offer among the market's", async () => {
    const pro = await accountOn(server, 'pro@example.be', true);
    const res = await pro.post(
      '/api/pro/prices/',
      { cnks: [product.cnk] },
      { headers: { Accept: 'text/event-stream' } },
    );
    expect(res.status).toBe(200);
    const [event] = readEvents(res.text);
    const priced = proProductEventSchema.parse(event!.data);
    expect(priced.status).toBe('found');
    const offers = priced.product!.offers.map((o) => [o.retailer, o.price]);
    expect(offers).toContainEqual(['pharmacie-x', FEED_PRICE]);
    expect(offers.some(([retailer]) => retailer === 'farmaline')).toBe(true);
  });
});
