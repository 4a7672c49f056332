import {
  HISTORY_CHART_DAYS,
  PRIOR_PRICE_DAYS,
  type PriceHistoryResponse,
  type PricePoint,
  type PriorPriceCheck,
  type RetailerHistory,
} from '@pharmaradar/shared/price-history.schema';
import { addDays } from './price-history.days';
import type { HistoryRow } from './price-history.repository';

// The rules of the product page's history block (docs/architecture.md#regulated-facts, ADR 105), pure so they are tested
// without a database.

/** How far back the rows must reach: the chart, plus the 30 days before a reduction that began in it. */
export const HISTORY_LOOKBACK_DAYS = HISTORY_CHART_DAYS + PRIOR_PRICE_DAYS;

const euros = (cents: number) => cents / 100;

const toPoint = (row: HistoryRow): PricePoint => ({
  day: row.day,
  price: euros(row.priceCents),
  low: euros(row.lowCents),
  inStock: row.inStock,
  wasPrice: row.wasCents === null ? null : euros(row.wasCents),
});

const minOf = (values: number[]): number | null => (values.length ? Math.min(...values) : null);

/**
 * The prior-price rule (CEL art. VI.18, EU 2019/2161): a reduction announced against a 'was' price
 * must take as that price the retailer's lowest price of the 30 days before the reduction. The
 * reduction is taken to start on the first day of the latest unbroken run of days showing the same
 * 'was' price; the 'was' price is flagged when it is above the low of the 30 days before that day.
 * With no day known before the run, nothing is flagged (a product on sale for less than 30 days is
 * judged on its shorter history, and none is no evidence).
 */
export function priorPriceCheck(rows: readonly HistoryRow[]): PriorPriceCheck | null {
  const last = rows.at(-1);
  if (!last || last.wasCents === null) return null;
  let start = rows.length - 1;
  while (start > 0 && rows[start - 1]!.wasCents === last.wasCents) start -= 1;
  const since = rows[start]!.day;
  const from = addDays(since, -PRIOR_PRICE_DAYS);
  const lowBefore = minOf(rows.filter((r) => r.day >= from && r.day < since).map((r) => r.lowCents));
  return {
    wasPrice: euros(last.wasCents),
    lowBefore: lowBefore === null ? null : euros(lowBefore),
    since,
    misleading: lowBefore !== null && last.wasCents > lowBefore,
  };
}

/** One retailer's block; `rows` are that retailer's, oldest first. */
export function retailerHistory(retailer: string, rows: readonly HistoryRow[], today: string): RetailerHistory {
  const chartFrom = addDays(today, -(HISTORY_CHART_DAYS - 1));
  const lowFrom = addDays(today, -(PRIOR_PRICE_DAYS - 1));
  const last = rows.at(-1);
  // A price last seen more than 30 days ago is not the retailer's current price.
  const current = last && last.day >= lowFrom ? toPoint(last) : null;
  return {
    retailer,
    points: rows.filter((r) => r.day >= chartFrom).map(toPoint),
    low30: (() => {
      const low = minOf(rows.filter((r) => r.day >= lowFrom).map((r) => r.lowCents));
      return low === null ? null : euros(low);
    })(),
    current,
    priorPrice: current ? priorPriceCheck(rows) : null,
  };
}

/** The whole answer of GET /api/products/:cnk/history/ from the rows since HISTORY_LOOKBACK_DAYS. */
export function buildHistory(
  cnk: string,
  rows: readonly HistoryRow[],
  today: string,
  demo: boolean,
): PriceHistoryResponse {
  const byRetailer = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const list = byRetailer.get(row.retailer) ?? [];
    list.push(row);
    byRetailer.set(row.retailer, list);
  }
  const retailers = [...byRetailer]
    .map(([retailer, list]) =>
      retailerHistory(
        retailer,
        [...list].sort((a, b) => a.day.localeCompare(b.day)),
        today,
      ),
    )
    .filter((r) => r.points.length > 0);
  const low30 = minOf(retailers.flatMap((r) => (r.low30 === null ? [] : [r.low30])));
  const bestPrice = minOf(retailers.flatMap((r) => (r.current ? [r.current.price] : [])));
  return {
    cnk,
    currency: 'EUR',
    today,
    demo,
    retailers,
    low30,
    bestPrice,
    bestIsLow30: bestPrice !== null && low30 !== null && bestPrice <= low30,
  };
}

/** The offers summary of schema.org AggregateOffer: current prices of the retailers that have one. */
export function offerSummary(history: PriceHistoryResponse): { low: number; high: number; count: number } | null {
  const prices = history.retailers.flatMap((r) => (r.current ? [r.current.price] : []));
  if (prices.length === 0) return null;
  return { low: Math.min(...prices), high: Math.max(...prices), count: prices.length };
}
