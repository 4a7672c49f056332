import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';

export interface RetailerCallRow {
  retailer: string;
  status: string;
  error: string | null;
  ms: number;
}

/** A recorded call with why it failed (the alarm's evidence; reason NULL when it answered). */
export interface RetailerCallRecord extends RetailerCallRow {
  at: number;
  reason: string | null;
}

export interface QueryCountRow {
  day: string;
  query: string;
  searches: number;
  no_result: number;
}

export interface RetailerCheckRow {
  at: number;
  source: 'cli' | 'admin';
  ok: 0 | 1;
  results_json: string;
}

/** SQL of what the search reports (retailer calls, query counts) and of the retailer checks. */
export function createSearchActivityRepository(db: Db) {
  const insertCall = db.prepare(
    `INSERT INTO retailer_calls (retailer, at, status, error, reason, ms)
     VALUES (@retailer, @at, @status, @error, @reason, @ms)`,
  );
  const callsSince = db.prepare<[number], RetailerCallRow>(
    'SELECT retailer, status, error, ms FROM retailer_calls WHERE at >= ? ORDER BY retailer, ms',
  );
  const pruneCalls = db.prepare<[number]>('DELETE FROM retailer_calls WHERE at < ?');
  const addCounts = db.prepare(
    `INSERT INTO search_query_stats (day, query, searches, no_result) VALUES (@day, @query, @searches, @no_result)
     ON CONFLICT (day, query) DO UPDATE SET searches = searches + excluded.searches,
       no_result = no_result + excluded.no_result`,
  );
  const top = db.prepare<[string, number], { query: string; searches: number }>(
    `SELECT query, sum(searches) AS searches FROM search_query_stats WHERE day >= ?
     GROUP BY query ORDER BY searches DESC, query LIMIT ?`,
  );
  // A query counts as "no result" when no search of it in the period found anything.
  const noResult = db.prepare<[string, number], { query: string; searches: number }>(
    `SELECT query, sum(searches) AS searches FROM search_query_stats WHERE day >= ?
     GROUP BY query HAVING sum(no_result) = sum(searches) ORDER BY searches DESC, query LIMIT ?`,
  );
  const pruneCounts = db.prepare<[string]>('DELETE FROM search_query_stats WHERE day < ?');
  const insertCheck = db.prepare(
    'INSERT INTO retailer_checks (at, source, ok, results_json) VALUES (@at, @source, @ok, @results_json)',
  );
  const latestCheck = db.prepare<[], RetailerCheckRow>(
    'SELECT at, source, ok, results_json FROM retailer_checks ORDER BY at DESC, id DESC LIMIT 1',
  );
  const pruneChecks = db.prepare(
    'DELETE FROM retailer_checks WHERE id NOT IN (SELECT id FROM retailer_checks ORDER BY id DESC LIMIT 50)',
  );

  return {
    addCall(row: RetailerCallRecord): void {
      insertCall.run(row);
    },
    /** Calls since `at`, sorted by retailer then time taken (the percentiles read them in order). */
    callsSince: (at: number) => callsSince.all(at),
    addCounts(rows: QueryCountRow[]): void {
      writeTransaction(db, () => {
        for (const row of rows) addCounts.run(row);
      })();
    },
    topQueries: (sinceDay: string, limit: number) => top.all(sinceDay, limit),
    noResultQueries: (sinceDay: string, limit: number) => noResult.all(sinceDay, limit),
    prune(callsBefore: number, daysBefore: string): void {
      pruneCalls.run(callsBefore);
      pruneCounts.run(daysBefore);
      pruneChecks.run();
    },
    saveCheck(row: RetailerCheckRow): void {
      insertCheck.run(row);
    },
    latestCheck: () => latestCheck.get(),
  };
}

export type SearchActivityRepository = ReturnType<typeof createSearchActivityRepository>;
