import { beforeAll, describe, expect, it } from 'vitest';
import { proProductEventSchema, type ProProductEvent } from '@pharmaradar/shared/pro.schema';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { accountOn, readEvents } from '../test/helpers/pro-account';
import type { TestClient } from '../test/helpers/test-client';
import { getDemoCatalogue } from './demo/catalogue';
import { searchJson } from '../test/helpers/search';
import { useMarketServer } from './market.test-support';

const HOUR = 3_600_000;
const sold = getDemoCatalogue().filter((p) => !p.prescription && Object.keys(p.offers).length >= 2);
const cnks = sold.map((p) => p.cnk!).filter(Boolean);

async function proPrices(client: TestClient, list: string[], live?: boolean): Promise<ProProductEvent[]> {
  const res = await client.post(
    '/api/pro/prices/',
    { cnks: list, ...(live === undefined ? {} : { live }) },
    { headers: { Accept: 'text/event-stream' } },
  );
  expect(res.status).toBe(200);
  return readEvents(res.text)
    .filter((e) => e.event === 'product')
    .map((e) => proProductEventSchema.parse(e.data));
}

/** What a pharmacist compares: each shop's offers with their prices, stock and links. */
const pricesOf = (product: SearchResult['products'][number] | null | undefined) =>
  product?.offers.map((o) => ({ retailer: o.retailer, price: o.price, inStock: o.inStock, url: o.url }));

describe('the market kept warm', () => {
  const ctx = useMarketServer();
  const { clock } = ctx;
  let pro: TestClient;
  beforeAll(async () => {
    pro = await accountOn(ctx.server, 'market@example.be', true);
  });

  it('answers Pro from what a live search fetched, with no shop asked, saying the time of the price', async () => {
    const cnk = cnks[0]!;
    const live = await searchJson(ctx.server.url, cnk);
    expect(live.cached).toBe(false);
    clock.advance(2 * HOUR);
    ctx.shops.reset();
    const [row] = await proPrices(pro, [cnk]);
    expect(ctx.asked()).toBe(0);
    expect(row).toMatchObject({ cnk, status: 'found', source: 'market', fetchedAt: live.fetchedAt });
    expect(pricesOf(row!.product)).toEqual(pricesOf(live.products.find((p) => p.cnk === cnk)));
  });

  it('fetches a CNK with no stored price live, and one whose price is MARKET_FRESH_H old live again', async () => {
    const cnk = cnks[1]!;
    const [first] = await proPrices(pro, [cnk]);
    expect(first).toMatchObject({ status: 'found', source: 'live' });
    expect(ctx.asked()).toBeGreaterThan(0);
    clock.advance(24 * HOUR);
    ctx.shops.reset();
    const [again] = await proPrices(pro, [cnk]);
    expect(ctx.asked()).toBeGreaterThan(0);
    expect(again).toMatchObject({ status: 'found', source: 'live', fetchedAt: new Date(clock.now()).toISOString() });
  });

  it('asks the shops live on "refresh now" even when the store has a fresh price', async () => {
    const cnk = cnks[2]!;
    await proPrices(pro, [cnk]);
    clock.advance(HOUR);
    ctx.shops.reset();
    const [refreshed] = await proPrices(pro, [cnk], true);
    expect(ctx.asked()).toBeGreaterThan(0);
    expect(refreshed).toMatchObject({ source: 'live', fetchedAt: new Date(clock.now()).toISOString() });
  });

  it('keeps the wanted CNKs fresh in one refresh pass, after which Pro asks no shop and shows the same prices as a live search', async () => {
    const group = cnks.slice(3, 6);
    await proPrices(pro, group);
    clock.advance(30 * HOUR);
    ctx.shops.reset();
    const summary = await ctx.server.marketRefresh();
    // Every wanted CNK is stale at each page shop (the earlier tests' too): one request each.
    const wanted = summary.wanted;
    expect(wanted).toBeGreaterThanOrEqual(group.length);
    expect(summary.shops.map((s) => [s.retailer, s.due, s.refreshed + s.failed])).toEqual(
      ['farmaline', 'medimarket', 'multipharma'].map((id) => [id, wanted, wanted]),
    );
    expect(ctx.asked()).toBeGreaterThanOrEqual(3 * wanted);

    clock.advance(HOUR);
    ctx.shops.reset();
    const rows = await proPrices(pro, group);
    expect(ctx.asked()).toBe(0);
    expect(rows.every((r) => r.source === 'market')).toBe(true);
    // A second pass finds nothing to do while the prices are fresh.
    expect((await ctx.server.marketRefresh()).shops.every((s) => s.due === 0)).toBe(true);
    for (const row of rows) {
      const live = await searchJson(ctx.server.url, row.cnk);
      expect(live.cached).toBe(false);
      expect(pricesOf(row.product)).toEqual(pricesOf(live.products.find((p) => p.cnk === row.cnk)));
    }
  });

  it("stops the job's request to a shop when a live search needs that shop, and asks it again after", async () => {
    const cnk = cnks[3]!;
    await proPrices(pro, [cnk]);
    clock.advance(30 * HOUR);
    // Multipharma answers in 700 ms: the live search arrives while the job's request is still there.
    const pass = ctx.server.marketRefresh();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const live = await searchJson(ctx.server.url, cnks[4]!);
    expect(live.retailers.find((r) => r.id === 'multipharma')?.status).toBe('ok');
    const summary = await pass;
    const multipharma = summary.shops.find((s) => s.retailer === 'multipharma')!;
    expect(multipharma.yielded).toBeGreaterThanOrEqual(1);
    expect(multipharma.failed).toBe(0);
    expect(multipharma.refreshed).toBe(multipharma.due);
  });
});
