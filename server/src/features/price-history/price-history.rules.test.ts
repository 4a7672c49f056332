import { describe, expect, it } from 'vitest';
import { priceHistoryResponseSchema } from '@pharmaradar/shared/price-history.schema';
import { addDays, brusselsDay, retentionStart } from './price-history.days';
import type { HistoryRow } from './price-history.repository';
import { buildHistory, offerSummary, priorPriceCheck } from './price-history.rules';

const TODAY = '2026-03-31';

/** Rows of one retailer, `prices[i]` euros (or [price, was]) on day TODAY - (prices.length - 1 - i). */
function rows(retailer: string, prices: (number | [number, number])[]): HistoryRow[] {
  return prices.map((p, i) => {
    const [price, was] = Array.isArray(p) ? p : [p, null];
    return {
      retailer,
      day: addDays(TODAY, -(prices.length - 1 - i)),
      priceCents: Math.round(price * 100),
      lowCents: Math.round(price * 100),
      inStock: true,
      wasCents: was === null ? null : Math.round(was * 100),
    };
  });
}

describe('price history days', () => {
  it('counts days in the Brussels calendar, across month ends and DST changes', () => {
    // 23:30 UTC on 31 March is already 1 April in Brussels (summer time, UTC+2).
    expect(brusselsDay(Date.UTC(2026, 2, 31, 23, 30))).toBe('2026-04-01');
    expect(brusselsDay(Date.UTC(2026, 0, 15, 22, 59))).toBe('2026-01-15');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-10-24', 7)).toBe('2026-10-31');
    expect(retentionStart(Date.UTC(2026, 2, 31, 12), 60)).toBe('2026-01-31');
  });
});

describe('priorPriceCheck (CEL art. VI.18)', () => {
  it('flags a was price above the lowest price of the 30 days before the reduction began', () => {
    // 40 days at 10 €, one day at 8 € (20 days ago), then 5 days at 7.50 € 'was 10 €'.
    const history = rows('farmaline', [
      ...Array<number>(20).fill(10),
      8,
      ...Array<number>(14).fill(10),
      ...Array<[number, number]>(5).fill([7.5, 10]),
    ]);
    expect(priorPriceCheck(history)).toEqual({
      wasPrice: 10,
      lowBefore: 8,
      since: addDays(TODAY, -4),
      misleading: true,
    });
  });

  it('accepts a was price equal to that low, and ignores a cheaper day more than 30 days before', () => {
    const history = rows('farmaline', [
      5,
      ...Array<number>(40).fill(10),
      ...Array<[number, number]>(3).fill([7.5, 10]),
    ]);
    expect(priorPriceCheck(history)).toMatchObject({ lowBefore: 10, misleading: false });
  });

  it('does not count the reduced days themselves, nor judge a reduction with no day before it', () => {
    expect(priorPriceCheck(rows('x', Array<[number, number]>(6).fill([7.5, 10])))).toMatchObject({
      lowBefore: null,
      misleading: false,
    });
    expect(priorPriceCheck(rows('x', [10, 10, 9]))).toBeNull();
  });

  it('starts the reduction where the shown was price last changed', () => {
    const history = rows('x', [11, 11, [9, 12], [9, 12], [8, 11], [8, 11]]);
    // The 'was 11 €' run began 2 days ago; before it, the low was 9 € (a 'was 12 €' day).
    expect(priorPriceCheck(history)).toMatchObject({ wasPrice: 11, lowBefore: 9, misleading: true });
  });
});

describe('buildHistory', () => {
  it('gives each retailer its points, 30-day low and current price, and the overall best and low', () => {
    const history = buildHistory(
      '1234567',
      [
        ...rows('farmaline', [9, 10, 10, 10]),
        ...rows('multipharma', [12, 11.5]),
        // Last seen 40 days ago: charted, but no longer a current price.
        {
          retailer: 'medimarket',
          day: addDays(TODAY, -40),
          priceCents: 800,
          lowCents: 800,
          inStock: true,
          wasCents: null,
        },
      ],
      TODAY,
      false,
    );
    expect(priceHistoryResponseSchema.parse(history)).toEqual(history);
    const byId = Object.fromEntries(history.retailers.map((r) => [r.retailer, r]));
    expect(byId.farmaline).toMatchObject({ low30: 9, current: { day: TODAY, price: 10 }, priorPrice: null });
    expect(byId.farmaline!.points.map((p) => p.price)).toEqual([9, 10, 10, 10]);
    expect(byId.medimarket).toMatchObject({ low30: null, current: null });
    expect(history).toMatchObject({ low30: 9, bestPrice: 10, bestIsLow30: false });
    expect(offerSummary(history)).toEqual({ low: 10, high: 11.5, count: 2 });
  });

  it('says the best price is the lowest in 30 days when no day of any retailer was cheaper', () => {
    const history = buildHistory('1234567', [...rows('a', [10, 9.5, 9]), ...rows('b', [9.2, 9.4])], TODAY, true);
    expect(history).toMatchObject({ low30: 9, bestPrice: 9, bestIsLow30: true, demo: true });
  });

  it('uses the day low, not only the last price, for the 30-day low', () => {
    const [row] = rows('a', [10]);
    const history = buildHistory('1234567', [{ ...row!, lowCents: 850 }], TODAY, false);
    expect(history).toMatchObject({ low30: 8.5, bestPrice: 10, bestIsLow30: false });
  });

  it('answers an empty history for a product never seen', () => {
    expect(buildHistory('1234567', [], TODAY, false)).toMatchObject({
      retailers: [],
      low30: null,
      bestPrice: null,
      bestIsLow30: false,
    });
    expect(offerSummary(buildHistory('1234567', [], TODAY, false))).toBeNull();
  });
});
