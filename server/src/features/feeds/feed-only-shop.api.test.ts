import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingResponseSchema } from '@pharmaradar/shared/basket.schema';
import { searchResultSchema } from '@pharmaradar/shared/search.schema';
import { EnvError, loadEnv } from '../../config/env';
import type { TestServer } from '../../../test/helpers/test-server';
import { rssFeed, startFeedServer, type FeedServer, startServerWithFeedShop } from './feeds.test-support';

// A shop the project has no page connector for joins the comparison by its feed alone, under the
// display name RETAILER_NAMES gives it (docs/decisions/179).

describe('a shop known only by its feed', () => {
  let feed: FeedServer;
  let server: TestServer;
  beforeAll(async () => {
    feed = await startFeedServer(
      rssFeed([{ id: 'X1', title: 'Qwarzil gel douche 250 ml', price: '6.40 EUR', brand: 'Qwarzil' }]),
    );
    server = await startServerWithFeedShop(feed);
  });
  afterAll(async () => {
    await server?.close();
    await feed?.close();
  });

  it('answers a search with its offers, its display name in the answer', async () => {
    const response = await fetch(`${server.url}/api/search?q=qwarzil`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    const result = searchResultSchema.parse(await response.json());
    expect(result.retailers.map((r) => [r.id, r.name, r.status])).toEqual([
      ['farmaline', 'Farmaline', 'empty'],
      ['pharmacie-x', 'Pharmacie X', 'ok'],
    ]);
    const offers = result.products.flatMap((p) => p.offers);
    expect(offers).toEqual([expect.objectContaining({ retailer: 'pharmacie-x', price: 6.4 })]);
  });

  it('names it in the shops list the basket keeps offline, with the dearest default terms', async () => {
    const body = shippingResponseSchema.parse(await (await fetch(`${server.url}/api/retailers/shipping/`)).json());
    expect(body.retailers).toEqual([
      { id: 'farmaline', name: 'Farmaline', cost: 4.95, freeFrom: 39 },
      { id: 'pharmacie-x', name: 'Pharmacie X', cost: 5.95, freeFrom: null },
    ]);
  });
});

describe('configuring a feed-only shop', () => {
  const load = (vars: Record<string, string>) => () =>
    loadEnv({ DATA_DIR: `/tmp/pharmaradar-env-${process.pid}`, ...vars });

  it('refuses a shop with neither a page connector nor a feed, naming RETAILERS', () => {
    expect(load({ RETAILERS: 'farmaline,pharmacie-x' })).toThrow(/RETAILERS: pharmacie-x has no page connector/);
  });

  it('refuses a feed-only shop without a display name, naming RETAILER_NAMES', () => {
    expect(load({ RETAILERS: 'pharmacie-x', RETAILER_FEEDS: 'pharmacie-x=/srv/x.xml' })).toThrow(
      /RETAILER_NAMES: pharmacie-x=<display name> missing/,
    );
  });

  it.each([
    ['RETAILERS', 'Pharmacie_X'],
    ['RETAILER_FEEDS', 'Pharmacie=/srv/x.xml'],
    ['RETAILER_NAMES', 'pharmacie-x=<b>X</b>'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(load({ [name]: value })).toThrow(EnvError);
    expect(load({ [name]: value })).toThrow(new RegExp(`\\b${name}:`));
  });

  it('reads a feed-only shop with its name', () => {
    const env = load({
      RETAILERS: 'farmaline,pharmacie-x',
      RETAILER_FEEDS: 'pharmacie-x=/srv/x.xml',
      RETAILER_NAMES: 'pharmacie-x=Pharmacie X, Namur',
    })();
    expect(env.RETAILERS).toEqual(['farmaline', 'pharmacie-x']);
    expect(env.RETAILER_NAMES).toEqual({ 'pharmacie-x': 'Pharmacie X, Namur' });
  });
});
