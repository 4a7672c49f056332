import type { PriceHistoryResponse } from '@pharmaradar/shared/price-history.schema';
import { addDays, brusselsDay, retentionStart } from './price-history.days';
import type { PriceHistoryRepository, PriceObservationRow } from './price-history.repository';
import { buildHistory, HISTORY_LOOKBACK_DAYS, offerSummary } from './price-history.rules';

/** A price the engine saw: one retailer's offer for one CNK (prices in euros). */
export type PriceObservation = {
  retailer: string;
  cnk: string;
  price: number;
  inStock: boolean | null;
  wasPrice?: number;
};

/**
 * A past for a product whose history is read before anyone saw its prices: the rows are added where
 * a day has none (a real observation always wins). The composition fills it in demo mode (the demo
 * catalogue's made-up past, demo/demo-price-history.ts); live mode has none.
 */
export interface PastPrices {
  /** How many days of past it gives at most. */
  readonly days: number;
  /** Every shop's rows for `cnk`, the last `days` days ending `today`; none for a product it does not know. */
  pastOf(cnk: string, today: string, days: number, observedAt: number): PriceObservationRow[];
}

export type PriceHistoryServiceDeps = {
  repository: PriceHistoryRepository;
  now: () => number;
  /** Labels the answers as demo prices (demo mode). */
  demo: boolean;
  /** PRICE_HISTORY_DAYS: days kept; older days are purged. */
  retentionDays: number;
  /** The past given to a product the first time its history is read each day (none: only what was seen). */
  past?: PastPrices | null;
};

const cents = (euros: number) => Math.round(euros * 100);

export function createPriceHistoryService(deps: PriceHistoryServiceDeps) {
  const seeded = new Set<string>();

  function seedPast(past: PastPrices, cnk: string, today: string): void {
    if (seeded.has(`${cnk}|${today}`)) return;
    const rows = past.pastOf(cnk, today, Math.min(past.days, deps.retentionDays), deps.now());
    if (rows.length === 0) return;
    deps.repository.recordMissing(rows);
    seeded.add(`${cnk}|${today}`);
  }

  function history(cnk: string): PriceHistoryResponse {
    const today = brusselsDay(deps.now());
    if (deps.past) seedPast(deps.past, cnk, today);
    const rows = deps.repository.since(cnk, addDays(today, -(HISTORY_LOOKBACK_DAYS - 1)));
    return buildHistory(cnk, rows, today, deps.demo);
  }

  return {
    /**
     * Keeps what a fresh retailer answer showed: one point per retailer, CNK and day (the last price
     * of the day, with the day's low). Several offers of one retailer for one CNK keep the cheapest.
     */
    recordPrices(observations: readonly PriceObservation[], at: number): void {
      const day = brusselsDay(at);
      const byKey = new Map<string, PriceObservation>();
      for (const o of observations) {
        const key = `${o.retailer}|${o.cnk}`;
        const seen = byKey.get(key);
        if (!seen || o.price < seen.price) byKey.set(key, o);
      }
      deps.repository.record(
        [...byKey.values()].map((o) => ({
          cnk: o.cnk,
          retailer: o.retailer,
          day,
          priceCents: cents(o.price),
          inStock: o.inStock,
          wasCents: o.wasPrice === undefined ? null : cents(o.wasPrice),
          observedAt: at,
        })),
      );
    },
    history,
    /** Current lowest and highest price and how many retailers have one (schema.org AggregateOffer). */
    offerSummary(cnk: string): { low: number; high: number; count: number } | null {
      return offerSummary(history(cnk));
    },
    /** Deletes days older than the retention; returns the rows deleted. */
    purge(): number {
      return deps.repository.purgeBefore(retentionStart(deps.now(), deps.retentionDays));
    },
  };
}

export type PriceHistoryService = ReturnType<typeof createPriceHistoryService>;
