import type { PriceHistoryResponse } from '@pharmaradar/shared/price-history.schema';
import { addDays, brusselsDay, retentionStart } from './price-history.days';
import { DEMO_HISTORY_DAYS, demoShopHistory, type DemoHistoryProduct } from './price-history.demo';
import type { PriceHistoryRepository } from './price-history.repository';
import { buildHistory, HISTORY_LOOKBACK_DAYS, offerSummary } from './price-history.rules';

/** A price the engine saw: one retailer's offer for one CNK (prices in euros). */
export type PriceObservation = {
  retailer: string;
  cnk: string;
  price: number;
  inStock: boolean | null;
  wasPrice?: number;
};

export type PriceHistoryServiceDeps = {
  repository: PriceHistoryRepository;
  now: () => number;
  demo: boolean;
  /** PRICE_HISTORY_DAYS: days kept; older days are purged. */
  retentionDays: number;
  /** Demo mode: the demo catalogue by CNK, whose history is seeded when first read. */
  demoCatalogue?: ReadonlyMap<string, DemoHistoryProduct>;
  /** Demo mode: the shops whose history is seeded (RETAILERS). */
  demoRetailers?: readonly string[];
};

const cents = (euros: number) => Math.round(euros * 100);

export function createPriceHistoryService(deps: PriceHistoryServiceDeps) {
  const seeded = new Set<string>();

  function seedDemo(cnk: string, today: string): void {
    const product = deps.demoCatalogue?.get(cnk);
    if (!product || seeded.has(`${cnk}|${today}`)) return;
    const days = Math.min(DEMO_HISTORY_DAYS, deps.retentionDays);
    const at = deps.now();
    deps.repository.recordMissing(
      (deps.demoRetailers ?? []).flatMap((retailer) => demoShopHistory(product, retailer, today, days, at)),
    );
    seeded.add(`${cnk}|${today}`);
  }

  function history(cnk: string): PriceHistoryResponse {
    const today = brusselsDay(deps.now());
    if (deps.demo) seedDemo(cnk, today);
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
