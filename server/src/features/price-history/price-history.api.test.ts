import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@pharmaradar/shared/api-error';
import { priceHistoryResponseSchema, type PriceHistoryResponse } from '@pharmaradar/shared/price-history.schema';
import { createClock } from '../../../test/helpers/clock';
import { searchJson } from '../../../test/helpers/search';
import { useForSuite } from '../../../test/helpers/suite';
import { startTestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue, type DemoProduct } from '../../demo/catalogue';
import { runPriceHistoryPurge } from '../../jobs/price-history-purge.job';
import { addDays, brusselsDay } from './price-history.days';

const SHOPS = ['farmaline', 'medimarket', 'multipharma'] as const;
const DAY_MS = 24 * 3600 * 1000;

const sellable = getDemoCatalogue().filter((p) => !p.prescription);
/** Demo products some default shop sells below the reference price, so it shows a struck-out 'was' price. */
const discounted = sellable.filter((p) => SHOPS.some((s) => p.offers[s] && p.offers[s].price < p.referencePrice));

describe('price history', () => {
  const clock = createClock(Date.UTC(2026, 4, 12, 10, 0));
  const server = useForSuite(() =>
    startTestServer(
      // The expected prices are the catalogue's: the demo shops keep them (no day-to-day move).
      {
        RETAILERS_MODE: 'demo',
        SEARCH_RATE_LIMIT_PER_MIN: '1000',
        PRICE_HISTORY_DAYS: '90',
        DEMO_PRICES_MOVE: 'false',
      },
      { now: clock.now },
    ),
  );
  const search = (q: string) => searchJson(server().url, q);

  async function history(cnk: string): Promise<PriceHistoryResponse> {
    const response = await fetch(`${server().url}/api/products/${cnk}/history/`);
    expect(response.status).toBe(200);
    return priceHistoryResponseSchema.parse(await response.json());
  }

  const storedRows = (cnk: string) =>
    server()
      .db.prepare(
        'SELECT retailer, day, price_cents, in_stock, was_cents FROM price_history WHERE cnk = ? ORDER BY day, retailer',
      )
      .all(cnk) as { retailer: string; day: string; price_cents: number; in_stock: number; was_cents: number | null }[];

  it('keeps every price a search sees, with stock and was price, one point per retailer and day', async () => {
    const product = discounted[0]!;
    const result = await search(product.cnk);
    const offers = result.products.find((p) => p.cnk === product.cnk)!.offers;
    const today = brusselsDay(clock.now());
    const expected = SHOPS.filter((s) => product.offers[s]).map((s) => {
      const offer = product.offers[s]!;
      const cents = Math.round(offer.price * 100);
      const reference = Math.round(product.referencePrice * 100);
      return {
        retailer: s,
        day: today,
        price_cents: cents,
        in_stock: offer.inStock ? 1 : 0,
        was_cents: reference > cents ? reference : null,
      };
    });
    expect(storedRows(product.cnk)).toEqual(expected);
    // The offers in the answer carry the same 'was' prices.
    for (const row of expected)
      expect(offers.find((o) => o.retailer === row.retailer)?.wasPrice).toBe(
        row.was_cents === null ? undefined : row.was_cents / 100,
      );

    // Searching again the same day (cache expired) keeps one point; the next day adds one.
    clock.advance(20 * 60 * 1000);
    await search(product.cnk);
    expect(storedRows(product.cnk)).toHaveLength(expected.length);
    clock.advance(DAY_MS);
    await search(product.cnk);
    const rows = storedRows(product.cnk);
    expect(rows).toHaveLength(expected.length * 2);
    expect(new Set(rows.map((r) => r.day))).toEqual(new Set([today, addDays(today, 1)]));
  });

  it('answers a demo product history: seeded past ending at the shop price, chart points, 30-day lows', async () => {
    const product = sellable[3]!;
    const body = await history(product.cnk);
    expect(body).toMatchObject({ cnk: product.cnk, currency: 'EUR', demo: true, today: brusselsDay(clock.now()) });
    const shops = SHOPS.filter((s) => product.offers[s]);
    expect(body.retailers.map((r) => r.retailer).sort()).toEqual([...shops].sort());
    for (const retailer of body.retailers) {
      const offer = product.offers[retailer.retailer as (typeof SHOPS)[number]]!;
      expect(retailer.current).toMatchObject({ day: body.today, price: offer.price });
      expect(retailer.points.length).toBeGreaterThan(30);
      expect(retailer.points.length).toBeLessThanOrEqual(90);
      const last30 = retailer.points.filter((p) => p.day > addDays(body.today, -30));
      expect(retailer.low30).toBe(Math.min(...last30.map((p) => p.low)));
    }
    const currents = body.retailers.map((r) => r.current!.price);
    expect(body.bestPrice).toBe(Math.min(...currents));
    expect(body.low30).toBe(Math.min(...body.retailers.map((r) => r.low30!)));
    expect(body.bestIsLow30).toBe(body.bestPrice! <= body.low30!);
  });

  it("flags a 'was' price above the shop's own 30-day low before the reduction, and not a fair one", async () => {
    const checks: { product: DemoProduct; misleading: boolean; was: number; lowBefore: number | null }[] = [];
    for (const product of discounted.slice(0, 12)) {
      for (const r of (await history(product.cnk)).retailers) {
        if (!r.priorPrice) continue;
        expect(r.priorPrice.wasPrice).toBe(product.referencePrice);
        expect(r.current!.wasPrice).toBe(product.referencePrice);
        checks.push({ product, ...r.priorPrice, was: r.priorPrice.wasPrice });
      }
    }
    const flagged = checks.filter((c) => c.misleading);
    const fair = checks.filter((c) => !c.misleading);
    expect(flagged.length).toBeGreaterThan(0);
    expect(fair.length).toBeGreaterThan(0);
    for (const c of flagged) expect(c.lowBefore!).toBeLessThan(c.was);
    for (const c of fair) expect(c.lowBefore).toBe(c.was);
  });

  it('answers an empty history for a product never seen, and 404 for what is not a CNK', async () => {
    const unknown = ['1234567', '7654321'].find((cnk) => !getDemoCatalogue().some((p) => p.cnk === cnk))!;
    expect(await history(unknown)).toMatchObject({ retailers: [], low30: null, bestPrice: null, bestIsLow30: false });
    for (const bad of ['12345', 'abcdefg', '12345678']) {
      const response = await fetch(`${server().url}/api/products/${bad}/history/?lang=en`);
      expect(response.status).toBe(404);
      expect(apiErrorSchema.parse(await response.json())).toMatchObject({ code: 'not_found', detail: 'Not found.' });
    }
    // A 6-digit CNK is the 7-digit one without its leading zero.
    const response = await fetch(`${server().url}/api/products/123455/history`);
    expect(priceHistoryResponseSchema.parse(await response.json()).cnk).toBe('0123455');
  });

  it('purges the days older than PRICE_HISTORY_DAYS', () => {
    const today = brusselsDay(clock.now());
    const insert = server().db.prepare(
      `INSERT INTO price_history (cnk, retailer, day, price_cents, low_cents, in_stock, was_cents, observed_at)
       VALUES ('9999995', 'farmaline', ?, 500, 500, 1, NULL, 0)`,
    );
    for (const ago of [0, 89, 90, 400]) insert.run(addDays(today, -ago));
    const log = { info: () => {}, error: () => {} } as unknown as Parameters<typeof runPriceHistoryPurge>[0]['log'];
    const deleted = runPriceHistoryPurge({ db: server().db, log, now: clock.now, retentionDays: 90 });
    expect(deleted).toBeGreaterThanOrEqual(2);
    const days = server().db.prepare("SELECT day FROM price_history WHERE cnk = '9999995' ORDER BY day").all();
    expect(days).toEqual([{ day: addDays(today, -89) }, { day: today }]);
  });
});
