import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertListSchema } from '@pharmaradar/shared/alerts.schema';
import { PRICES_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { firstScreenPricesResponseSchema, productPricesSeedSchema } from '@pharmaradar/shared/first-screen.schema';
import { proProductEventSchema } from '@pharmaradar/shared/pro.schema';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { load } from 'cheerio';
import { accountOn, readEvents } from '../test/helpers/pro-account';
import { getDemoCatalogue } from './demo/catalogue';
import { createDrawingWebDist, removeDrawingWebDist } from './features/first-screen/first-screen.test-support';
import { searchJson } from '../test/helpers/search';
import { useMarketServer } from './market.test-support';

// The market store's readers (docs/decisions/249): a product page and a price alert answer a CNK
// whose every shop has a fresh stored price without asking a shop, and ask live for one that has not.

const HOUR = 3_600_000;
const sold = getDemoCatalogue().filter((p) => !p.prescription && p.cnk && Object.keys(p.offers).length >= 2);

// Draws what it is given, so the test reads the prices from the seed the page carries.
const RENDERER = `export function renderFirstScreen(page) { return '<h1>' + page.page + '</h1>'; }
export function renderProductPrices(page) {
  return '<section>' + (page.prices.search ? page.prices.search.result.query : '') + '</section>';
}
`;

/** What a shopper compares: each shop's offers with their prices, stock and links. */
const pricesOf = (result: SearchResult | null | undefined, cnk: string) =>
  result?.products
    .find((p) => p.cnk === cnk)
    ?.offers.map((o) => ({ retailer: o.retailer, price: o.price, inStock: o.inStock, url: o.url }));

describe('the market store read by product pages, price alerts and synced groups', () => {
  let distDir: string;
  beforeAll(() => {
    distDir = createDrawingWebDist(RENDERER);
  });
  afterAll(() => removeDrawingWebDist(distDir));
  const ctx = useMarketServer(() => ({ WEB_DIST_DIR: distDir, ALERTS_CHECK_INTERVAL_MIN: '0' }));
  const { clock } = ctx;

  async function liveSearch(cnk: string): Promise<SearchResult> {
    const result = await searchJson(ctx.server.url, cnk);
    expect(result.cached).toBe(false);
    return result;
  }

  const pricesPath = (slug: string) =>
    `${ctx.server.url}/api/first-screen/prices/?path=${encodeURIComponent(`/${slug}`)}`;

  async function pagePrices(slug: string) {
    const response = await fetch(pricesPath(slug), { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    return firstScreenPricesResponseSchema.parse(await response.json()).seed;
  }

  it('draws a product page from fresh stored prices with no shop asked: the page, its prices request and its stream', async () => {
    const product = sold[0]!;
    const cnk = product.cnk!;
    const live = await liveSearch(cnk);
    clock.advance(2 * HOUR);
    ctx.shops.reset();

    const html = await fetch(`${ctx.server.url}/${product.slug}`, { headers: { accept: 'text/html' } });
    const seed = productPricesSeedSchema.parse(JSON.parse(load(await html.text())(`script#${PRICES_SEED_ID}`).text()));
    expect(pricesOf(seed.search?.result, cnk)).toEqual(pricesOf(live, cnk));
    // The page asks again when the oldest stored price stops being fresh.
    expect(seed.search?.freshUntil).toBe(new Date(Date.parse(live.fetchedAt) + 24 * HOUR).toISOString());

    const json = await pagePrices(product.slug);
    expect(pricesOf(json.search?.result, cnk)).toEqual(pricesOf(live, cnk));

    const stream = await fetch(pricesPath(product.slug), { headers: { accept: 'text/event-stream' } });
    const done = readEvents(await stream.text()).find((e) => e.event === 'done');
    expect(done?.data.priced).toBe(true);
    expect(pricesOf(done?.data.seed.search.result, cnk)).toEqual(pricesOf(live, cnk));
    expect(ctx.asked()).toBe(0);
  });

  it('fetches a product page whose stored price is MARKET_FRESH_H old live', async () => {
    const product = sold[1]!;
    await liveSearch(product.cnk!);
    clock.advance(24 * HOUR);
    ctx.shops.reset();
    const seed = await pagePrices(product.slug);
    expect(ctx.asked()).toBeGreaterThan(0);
    expect(seed.search?.result.fetchedAt).toBe(new Date(clock.now()).toISOString());
  });

  it('checks a price alert from fresh stored prices with no shop asked, and a stale one live', async () => {
    const cnk = sold[2]!.cnk!;
    const client = await accountOn(ctx.server, 'alert-market@example.be', false);
    expect((await client.post('/api/alerts/create/', { cnk, product_name: cnk, kind: 'drop' })).status).toBe(201);
    const live = await liveSearch(cnk);
    clock.advance(2 * HOUR);
    ctx.shops.reset();
    expect(await ctx.server.alertChecks()).toMatchObject({ checked: 1 });
    expect(ctx.asked()).toBe(0);
    const lowest = Math.min(
      ...pricesOf(live, cnk)!
        .filter((o) => o.inStock !== false)
        .map((o) => o.price),
    );
    const [alert] = alertListSchema.parse((await client.get('/api/alerts/')).body).alerts;
    expect(alert!.last_price).toBe(lowest);

    clock.advance(24 * HOUR);
    ctx.shops.reset();
    expect(await ctx.server.alertChecks()).toMatchObject({ checked: 1 });
    expect(ctx.asked()).toBeGreaterThan(0);
  });

  it("keeps a synced group's CNKs warm: after a refresh pass, pricing the group asks no shop", async () => {
    const group = sold.slice(3, 6).map((p) => p.cnk!);
    const pro = await accountOn(ctx.server, 'group-market@example.be', true);
    const change = {
      kind: 'group',
      id: randomUUID(),
      updatedAt: clock.now(),
      deleted: false,
      data: { name: 'Rhume', description: '', cnks: group },
      base: null,
    };
    expect((await pro.post('/api/groups/sync/', { since: 0, changes: [change] })).status).toBe(200);
    await ctx.server.marketRefresh();
    clock.advance(HOUR);
    ctx.shops.reset();
    const res = await pro.post('/api/pro/prices/', { cnks: group }, { headers: { Accept: 'text/event-stream' } });
    const rows = readEvents(res.text)
      .filter((e) => e.event === 'product')
      .map((e) => proProductEventSchema.parse(e.data));
    expect(rows.map((r) => r.source)).toEqual(['market', 'market', 'market']);
    expect(ctx.asked()).toBe(0);
  });
});
