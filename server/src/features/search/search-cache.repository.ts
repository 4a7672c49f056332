import type { Db } from '../../db/database';
import type { RetailerOffer } from '../../retailers/types';

/** A retailer answer worth caching: only successes, so a failing retailer is asked again next time. */
export type CachedAnswer = {
  status: 'ok' | 'empty';
  offers: RetailerOffer[];
  ms: number;
  fetchedAt: number;
};

type Row = { status: 'ok' | 'empty'; offers_json: string; ms: number; fetched_at: number };

/** Purge expired rows once every this many writes: cheap, and keeps the table from growing forever. */
const PURGE_EVERY_WRITES = 200;
/** Answers also kept in memory (most recently used), so hot queries skip SQLite and JSON parsing. */
const MEMORY_ENTRIES = 500;

export function createSearchCacheRepository(db: Db) {
  const select = db.prepare<[string, string, number], Row>(
    'SELECT status, offers_json, ms, fetched_at FROM search_cache WHERE retailer = ? AND query_key = ? AND fetched_at > ?',
  );
  const upsert = db.prepare(
    `INSERT INTO search_cache (retailer, query_key, status, offers_json, ms, fetched_at)
     VALUES (@retailer, @queryKey, @status, @offersJson, @ms, @fetchedAt)
     ON CONFLICT (retailer, query_key) DO UPDATE SET
       status = excluded.status, offers_json = excluded.offers_json, ms = excluded.ms, fetched_at = excluded.fetched_at`,
  );
  const purge = db.prepare('DELETE FROM search_cache WHERE fetched_at <= ?');
  let writes = 0;
  // Oldest first. A hit moves its entry to the newest end only once it has aged past half the memo:
  // an answer hit at least once per MEMORY_ENTRIES / 2 newer entries is never forgotten, and the
  // hottest answers (every cached search asks each shop's) cost a lookup, not a move.
  const memory = new Map<string, { answer: CachedAnswer; moved: number }>();
  let moves = 0;
  const remember = (id: string, answer: CachedAnswer) => {
    memory.delete(id);
    memory.set(id, { answer, moved: ++moves });
    if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
  };

  return {
    /** The cached answer if it was fetched after `freshAfter` (epoch ms). */
    get(retailer: string, queryKey: string, freshAfter: number): CachedAnswer | null {
      const id = `${retailer}|${queryKey}`;
      const kept = memory.get(id);
      if (kept && kept.answer.fetchedAt > freshAfter) {
        if (moves - kept.moved > MEMORY_ENTRIES / 2) remember(id, kept.answer);
        return kept.answer;
      }
      const row = select.get(retailer, queryKey, freshAfter);
      if (!row) return null;
      try {
        const offers = JSON.parse(row.offers_json) as RetailerOffer[];
        const answer: CachedAnswer = { status: row.status, offers, ms: row.ms, fetchedAt: row.fetched_at };
        remember(id, answer);
        return answer;
      } catch {
        return null;
      }
    },

    put(retailer: string, queryKey: string, answer: CachedAnswer, expiredBefore: number): void {
      upsert.run({
        retailer,
        queryKey,
        status: answer.status,
        offersJson: JSON.stringify(answer.offers),
        ms: answer.ms,
        fetchedAt: answer.fetchedAt,
      });
      remember(`${retailer}|${queryKey}`, answer);
      writes += 1;
      if (writes % PURGE_EVERY_WRITES === 0) purge.run(expiredBefore);
    },
  };
}

export type SearchCacheRepository = ReturnType<typeof createSearchCacheRepository>;
