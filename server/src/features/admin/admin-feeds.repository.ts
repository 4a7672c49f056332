import type { Db } from '../../db/database';

export interface FeedStatusRow {
  imported_at: number | null;
  checked_at: number | null;
  items: number | null;
  latest_outcome: string | null;
  refused_at: number | null;
  refusal: string | null;
  message: string | null;
}

/** SQL of the /admin feeds panel over the feeds feature's tables (feed_state, feed_imports, ADR 171). */
export function createAdminFeedsRepository(db: Db) {
  const status = db.prepare<[string, string, string], FeedStatusRow>(
    `SELECT s.imported_at, s.checked_at, s.items,
       (SELECT outcome FROM feed_imports WHERE retailer = ? ORDER BY at DESC, id DESC LIMIT 1) AS latest_outcome,
       r.at AS refused_at, r.refusal, r.message
     FROM (SELECT 1) LEFT JOIN feed_state s ON s.retailer = ?
     LEFT JOIN (SELECT at, refusal, message FROM feed_imports WHERE retailer = ? AND outcome = 'refused'
                ORDER BY at DESC, id DESC LIMIT 1) r`,
  );
  return {
    statusOf: (retailer: string): FeedStatusRow => status.get(retailer, retailer, retailer)!,
  };
}

export type AdminFeedsRepository = ReturnType<typeof createAdminFeedsRepository>;
