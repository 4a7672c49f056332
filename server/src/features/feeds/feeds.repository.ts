import type { Db } from '../../db/database';
import type { FeedItem } from './feed-parse/feed-item';
import type { FeedRefusal } from './feed-parse/feed-error';
import { writeTransaction } from '../../db/write-transaction';

// The feeds' SQL. An import writes its items to a staging table in short batches (the server keeps
// answering), then one transaction swaps them for the live ones (docs/decisions/171).

export interface FeedStateRow {
  retailer: string;
  source: string;
  items: number;
  imported_at: number;
  checked_at: number;
  etag: string | null;
  last_modified: string | null;
}

export interface FeedItemRow {
  item_id: string;
  title: string;
  brand: string | null;
  gtin: string | null;
  cnk: string | null;
  price_cents: number;
  /** With a sale (was_price_cents set): its window, epoch ms, null where open. */
  was_price_cents: number | null;
  sale_from: number | null;
  sale_until: number | null;
  in_stock: number | null;
  link: string | null;
  image: string | null;
}

export interface FeedImportRecord {
  retailer: string;
  source: string;
  at: number;
  ms: number;
  outcome: 'imported' | 'unchanged' | 'refused';
  refusal: FeedRefusal | null;
  message: string | null;
  items: number | null;
  skipped: number | null;
  bytes: number | null;
}

const COLUMNS =
  'item_id, title, brand, gtin, cnk, price_cents, was_price_cents, sale_from, sale_until, in_stock, link, image';
/** At most this many offers from one feed answer one search. */
export const FEED_ANSWER_LIMIT = 30;

const cents = (euros: number) => Math.round(euros * 100);

export function createFeedsRepository(db: Db) {
  const stage = db.prepare(
    `INSERT INTO feed_items_staging (retailer, ${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const clearStaging = db.prepare('DELETE FROM feed_items_staging WHERE retailer = ?');
  const stageBatch = writeTransaction(db, (retailer: string, items: readonly FeedItem[]) => {
    for (const i of items) {
      stage.run(
        retailer,
        i.id,
        i.title,
        i.brand,
        i.gtin,
        i.cnk,
        cents(i.price),
        i.wasPrice === null ? null : cents(i.wasPrice),
        i.saleFrom,
        i.saleUntil,
        i.inStock === null ? null : i.inStock ? 1 : 0,
        i.link,
        i.image,
      );
    }
  });
  const stateOf = db.prepare<[string], FeedStateRow>('SELECT * FROM feed_state WHERE retailer = ?');
  const swap = writeTransaction(db, (state: FeedStateRow) => {
    db.prepare('DELETE FROM feed_items WHERE retailer = ?').run(state.retailer);
    // A feed listing one id twice keeps its last line.
    db.prepare(
      `INSERT OR REPLACE INTO feed_items (retailer, ${COLUMNS})
       SELECT retailer, ${COLUMNS} FROM feed_items_staging WHERE retailer = ? ORDER BY rowid`,
    ).run(state.retailer);
    clearStaging.run(state.retailer);
    const items = (
      db.prepare('SELECT count(*) AS n FROM feed_items WHERE retailer = ?').get(state.retailer) as { n: number }
    ).n;
    upsertState({ ...state, items });
    return items;
  });
  const upsertStateStmt = db.prepare(
    `INSERT INTO feed_state (retailer, source, items, imported_at, checked_at, etag, last_modified)
     VALUES (@retailer, @source, @items, @imported_at, @checked_at, @etag, @last_modified)
     ON CONFLICT (retailer) DO UPDATE SET source = excluded.source, items = excluded.items,
       imported_at = excluded.imported_at, checked_at = excluded.checked_at, etag = excluded.etag,
       last_modified = excluded.last_modified`,
  );
  const upsertState = (state: FeedStateRow) => upsertStateStmt.run(state);
  const record = db.prepare(
    `INSERT INTO feed_imports (retailer, source, at, ms, outcome, refusal, message, items, skipped, bytes)
     VALUES (@retailer, @source, @at, @ms, @outcome, @refusal, @message, @items, @skipped, @bytes)`,
  );
  const byName = db.prepare<[string, string, number], FeedItemRow>(
    `SELECT ${COLUMNS.split(', ')
      .map((c) => `i.${c}`)
      .join(', ')} FROM feed_items_fts f JOIN feed_items i ON i.rowid = f.rowid
     WHERE feed_items_fts MATCH ? AND i.retailer = ? ORDER BY f.rank LIMIT ?`,
  );
  const byGtins = db.prepare<[string, string], FeedItemRow>(
    `SELECT ${COLUMNS} FROM feed_items WHERE retailer = ? AND gtin IN (SELECT value FROM json_each(?))`,
  );
  const byCnk = db.prepare<[string, string], FeedItemRow>(
    `SELECT ${COLUMNS} FROM feed_items WHERE retailer = ? AND cnk = ?`,
  );
  const lastImports = db.prepare<[string, number], FeedImportRecord>(
    'SELECT * FROM feed_imports WHERE retailer = ? ORDER BY at DESC, id DESC LIMIT ?',
  );

  return {
    state: (retailer: string): FeedStateRow | null => stateOf.get(retailer) ?? null,
    clearStaging: (retailer: string) => clearStaging.run(retailer),
    stage: (retailer: string, items: readonly FeedItem[]) => stageBatch(retailer, items),
    /** Replaces the live items by the staged ones and records the state, in one transaction. */
    swap: (state: Omit<FeedStateRow, 'items'>): number => swap({ ...state, items: 0 }),
    /** A 304 or an unchanged file: the live items are still the feed's. */
    checked: (retailer: string, at: number) =>
      db.prepare('UPDATE feed_state SET checked_at = ? WHERE retailer = ?').run(at, retailer),
    record: (entry: FeedImportRecord) => record.run(entry),
    lastImports: (retailer: string, limit: number) => lastImports.all(retailer, limit),
    /** Items whose title or brand hold every word (an FTS5 query), best first, `limit` at most. */
    byName: (retailer: string, match: string, limit = FEED_ANSWER_LIMIT) => byName.all(match, retailer, limit),
    byGtins: (retailer: string, gtins: readonly string[]) => byGtins.all(retailer, JSON.stringify(gtins)),
    byCnk: (retailer: string, cnk: string) => byCnk.all(retailer, cnk),
  };
}

export type FeedsRepository = ReturnType<typeof createFeedsRepository>;
