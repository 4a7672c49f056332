import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import type { RetailerOffer, ShopLanguage } from '../../retailers/types';

/** A shop's stored answer for one CNK: its offers (price, stock, link), or none when it does not sell it. */
export type StoredAnswer = {
  status: 'ok' | 'empty';
  offers: RetailerOffer[];
  ms: number;
  fetchedAt: number;
};

type Row = { retailer: string; status: 'ok' | 'empty'; offers_json: string; ms: number; fetched_at: number };

/** A CNK the refresh job has to fetch from a shop, and when the shop's stored price was fetched (null: never). */
export type StaleCnk = { cnk: string; fetchedAt: number | null };

export function createMarketRepository(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO market_prices (retailer, cnk, lang, status, offers_json, ms, fetched_at)
     VALUES (@retailer, @cnk, @lang, @status, @offersJson, @ms, @fetchedAt)
     ON CONFLICT (retailer, cnk, lang) DO UPDATE SET
       status = excluded.status, offers_json = excluded.offers_json, ms = excluded.ms, fetched_at = excluded.fetched_at
     WHERE excluded.fetched_at >= market_prices.fetched_at`,
  );
  const select = db.prepare<[string, string], Row>(
    'SELECT retailer, status, offers_json, ms, fetched_at FROM market_prices WHERE cnk = ? AND lang = ?',
  );
  const want = db.prepare(
    `INSERT INTO market_wanted (cnk, wants, wanted_at) VALUES (?, 1, ?)
     ON CONFLICT (cnk) DO UPDATE SET wants = wants + 1, wanted_at = MAX(wanted_at, excluded.wanted_at)`,
  );
  // Oldest first (never fetched before any), the most wanted first among equally old.
  const stale = db.prepare<[string, number, number], { cnk: string; fetched_at: number | null }>(
    `SELECT w.cnk, p.fetched_at FROM market_wanted w
     LEFT JOIN market_prices p ON p.retailer = ? AND p.cnk = w.cnk AND p.lang = 'fr'
     WHERE w.wanted_at > ? AND (p.fetched_at IS NULL OR p.fetched_at <= ?)
     ORDER BY p.fetched_at IS NOT NULL, p.fetched_at, w.wants DESC, w.cnk`,
  );
  const wantedCount = db.prepare<[number], { n: number }>(
    'SELECT COUNT(*) AS n FROM market_wanted WHERE wanted_at > ?',
  );
  const freshCount = db.prepare<[string, number, number], { n: number }>(
    `SELECT COUNT(*) AS n FROM market_wanted w JOIN market_prices p ON p.retailer = ? AND p.cnk = w.cnk AND p.lang = 'fr'
     WHERE w.wanted_at > ? AND p.fetched_at > ?`,
  );
  // A shop's latest answers first, the newest `limit` of them (any language: a request is a request).
  const recentMs = db.prepare<[string, number], { ms: number }>(
    'SELECT ms FROM market_prices WHERE retailer = ? ORDER BY fetched_at DESC LIMIT ?',
  );
  const wantMany = writeTransaction(db, (cnks: readonly string[], at: number) => {
    for (const cnk of new Set(cnks)) want.run(cnk, at);
  });

  return {
    /** Keeps a shop's answer for a CNK, asked in `lang`, unless a newer one is already stored. */
    put(retailer: string, cnk: string, answer: StoredAnswer, lang: ShopLanguage = 'fr'): void {
      upsert.run({
        retailer,
        cnk,
        lang,
        status: answer.status,
        offersJson: JSON.stringify(answer.offers),
        ms: answer.ms,
        fetchedAt: answer.fetchedAt,
      });
    },

    /** Every shop's stored answer for `cnk` asked in `lang`, fresh or not (a row that cannot be read is left out). */
    answers(cnk: string, lang: ShopLanguage = 'fr'): Map<string, StoredAnswer> {
      const found = new Map<string, StoredAnswer>();
      for (const row of select.all(cnk, lang)) {
        try {
          const offers = JSON.parse(row.offers_json) as RetailerOffer[];
          found.set(row.retailer, { status: row.status, offers, ms: row.ms, fetchedAt: row.fetched_at });
        } catch {
          /* a damaged row is a missing price: the CNK is fetched live */
        }
      }
      return found;
    },

    /** Marks CNKs as wanted at `at` (searched, viewed, priced, in a group or an alert). */
    want(cnks: readonly string[], at: number): void {
      if (cnks.length > 0) wantMany(cnks, at);
    },

    /** The CNKs wanted since `wantedAfter` whose price at `retailer` was fetched at or before `staleFrom`. */
    stale(retailer: string, wantedAfter: number, staleFrom: number): StaleCnk[] {
      return stale.all(retailer, wantedAfter, staleFrom).map((r) => ({ cnk: r.cnk, fetchedAt: r.fetched_at }));
    },

    wantedCount(wantedAfter: number): number {
      return wantedCount.get(wantedAfter)!.n;
    },

    /** How long `retailer` took to answer each of its latest `limit` stored answers, ms, newest first. */
    responseTimes(retailer: string, limit: number): number[] {
      return recentMs.all(retailer, limit).map((r) => r.ms);
    },
    /** How many CNKs wanted since `wantedAfter` `retailer` has a price for fetched after `freshAfter`. */
    freshCount(retailer: string, wantedAfter: number, freshAfter: number): number {
      return freshCount.get(retailer, wantedAfter, freshAfter)!.n;
    },
  };
}

export type MarketRepository = ReturnType<typeof createMarketRepository>;
