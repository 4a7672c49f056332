import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';

/** One observed price: what a retailer showed for a CNK at one moment (prices in cents). */
export type PriceObservationRow = {
  cnk: string;
  retailer: string;
  day: string;
  priceCents: number;
  inStock: boolean | null;
  wasCents: number | null;
  observedAt: number;
};

export type HistoryRow = {
  retailer: string;
  day: string;
  priceCents: number;
  lowCents: number;
  inStock: boolean | null;
  wasCents: number | null;
};

type Row = {
  retailer: string;
  day: string;
  price_cents: number;
  low_cents: number;
  in_stock: number | null;
  was_cents: number | null;
};

const toBool = (value: number | null) => (value === null ? null : value === 1);
const fromBool = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

export function createPriceHistoryRepository(db: Db) {
  // One row per (cnk, retailer, day): a later sighting that day replaces the price, stock and 'was'
  // price, and the day's low keeps the lowest price seen (an older sighting arriving late changes nothing).
  const upsert = db.prepare(
    `INSERT INTO price_history (cnk, retailer, day, price_cents, low_cents, in_stock, was_cents, observed_at)
     VALUES (@cnk, @retailer, @day, @priceCents, @priceCents, @inStock, @wasCents, @observedAt)
     ON CONFLICT (cnk, retailer, day) DO UPDATE SET
       price_cents = excluded.price_cents,
       low_cents = min(price_history.low_cents, excluded.low_cents),
       in_stock = excluded.in_stock,
       was_cents = excluded.was_cents,
       observed_at = excluded.observed_at
     WHERE excluded.observed_at >= price_history.observed_at`,
  );
  const insertIgnore = db.prepare(
    `INSERT OR IGNORE INTO price_history (cnk, retailer, day, price_cents, low_cents, in_stock, was_cents, observed_at)
     VALUES (@cnk, @retailer, @day, @priceCents, @priceCents, @inStock, @wasCents, @observedAt)`,
  );
  const since = db.prepare<[string, string], Row>(
    `SELECT retailer, day, price_cents, low_cents, in_stock, was_cents FROM price_history
     WHERE cnk = ? AND day >= ? ORDER BY retailer, day`,
  );
  const purge = db.prepare<[string]>('DELETE FROM price_history WHERE day < ?');

  const params = (o: PriceObservationRow) => ({ ...o, inStock: fromBool(o.inStock) });
  const upsertMany = writeTransaction(db, (rows: PriceObservationRow[]) => {
    for (const row of rows) upsert.run(params(row));
  });
  const insertMissing = writeTransaction(db, (rows: PriceObservationRow[]) => {
    for (const row of rows) insertIgnore.run(params(row));
  });

  return {
    record(rows: PriceObservationRow[]): void {
      if (rows.length > 0) upsertMany(rows);
    },
    /** Adds rows for days that have none (demo seeding never overwrites a real observation). */
    recordMissing(rows: PriceObservationRow[]): void {
      if (rows.length > 0) insertMissing(rows);
    },
    /** Every row of one CNK from `fromDay` on, by retailer then day. */
    since(cnk: string, fromDay: string): HistoryRow[] {
      return since.all(cnk, fromDay).map((r) => ({
        retailer: r.retailer,
        day: r.day,
        priceCents: r.price_cents,
        lowCents: r.low_cents,
        inStock: toBool(r.in_stock),
        wasCents: r.was_cents,
      }));
    },
    /** Deletes the rows of days before `day`; returns how many. */
    purgeBefore(day: string): number {
      return purge.run(day).changes;
    },
  };
}

export type PriceHistoryRepository = ReturnType<typeof createPriceHistoryRepository>;
