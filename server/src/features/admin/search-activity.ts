import type { QueryCount, RetailerHealth } from '@pharmaradar/shared/admin.schema';
import type { Logger } from '../../lib/log';
import type { RetailerCallRow, SearchActivityRepository } from './search-activity.repository';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
export const HEALTH_WINDOW_MS = DAY;
export const STATS_DAYS = 30;
const CALLS_KEPT_MS = 7 * DAY;
const COUNTS_KEPT_DAYS = 90;
/** Query counts wait in memory until this many distinct entries or this age, then go in one transaction. */
const FLUSH_ENTRIES = 200;
const FLUSH_AFTER_MS = 10_000;

const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const MINUTE = 60_000;
// Every cached search asks for the day: formatting in a time zone costs more than the rest of the
// recording. Brussels changes day on a whole hour, so the day of a minute is the day of its instants.
let lastMinute = Number.NaN;
let lastDay = '';

/** The calendar day of an instant in Brussels, YYYY-MM-DD. */
export function brusselsDay(at: number): string {
  const minute = Math.floor(at / MINUTE);
  if (minute !== lastMinute) {
    lastDay = DAY_FORMAT.format(new Date(minute * MINUTE));
    lastMinute = minute;
  }
  return lastDay;
}

/** Nearest-rank percentile of values sorted ascending (p in 0..100); null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Per-retailer health from the calls of the window (sorted by retailer, then ms), every known retailer listed. */
export function retailerHealth(calls: readonly RetailerCallRow[], retailerIds: readonly string[]): RetailerHealth[] {
  const byRetailer = new Map<string, RetailerCallRow[]>(retailerIds.map((id) => [id, []]));
  for (const call of calls) {
    const list = byRetailer.get(call.retailer) ?? [];
    list.push(call);
    byRetailer.set(call.retailer, list);
  }
  return [...byRetailer].map(([retailer, list]) => {
    const ms = list.map((c) => c.ms);
    const answered = list.filter((c) => c.status === 'ok' || c.status === 'empty').length;
    return {
      retailer,
      searches: list.length,
      success_rate: list.length === 0 ? null : answered / list.length,
      median_ms: percentile(ms, 50),
      p95_ms: percentile(ms, 95),
      parse_failures: list.filter((c) => c.error === 'parse_failed').length,
      blocks: list.filter((c) => c.status === 'blocked').length,
      // The shop alarm's state is added by the route (retailer-alarm.service.ts withAlarms).
      failing: null,
    };
  });
}

export interface ActivityDeps {
  repo: SearchActivityRepository;
  now: () => number;
  log: Logger;
}

/**
 * The recorder the search reports to (its SearchActivity, wired in app.ts) and the reader behind the
 * admin's health and statistics. A retailer call is one row (a fresh upstream fetch is slow anyway);
 * query counts, which every cached search adds, are summed in memory and written in batches so the
 * hot cached path stays free of a write (docs/features/search-activity-recording.md). What is buffered
 * is flushed before every read.
 */
export function createSearchActivity(deps: ActivityDeps) {
  const { repo, now, log } = deps;
  let pending = new Map<string, { day: string; query: string; searches: number; no_result: number }>();
  let oldest = 0;
  let lastPrune = 0;

  const flush = () => {
    if (pending.size === 0) return;
    const rows = [...pending.values()];
    pending = new Map();
    try {
      repo.addCounts(rows);
    } catch (error) {
      log.warn('search statistics write failed', { error, entries: rows.length });
    }
  };

  const pruneNowAndThen = (at: number) => {
    if (at - lastPrune < HOUR) return;
    lastPrune = at;
    repo.prune(at - CALLS_KEPT_MS, brusselsDay(at - COUNTS_KEPT_DAYS * DAY));
  };

  return {
    retailerCalled(outcome: {
      retailer: string;
      status: string;
      error?: string;
      reason?: string;
      ms: number;
      fetchedAt: number;
    }): void {
      repo.addCall({
        retailer: outcome.retailer,
        at: outcome.fetchedAt,
        status: outcome.status,
        error: outcome.error ?? null,
        reason: outcome.reason ?? null,
        ms: outcome.ms,
      });
      pruneNowAndThen(outcome.fetchedAt);
    },
    searched(query: string, products: number, at: number): void {
      const day = brusselsDay(at);
      const key = `${day}\u0000${query}`;
      const entry = pending.get(key) ?? { day, query, searches: 0, no_result: 0 };
      entry.searches += 1;
      if (products === 0) entry.no_result += 1;
      if (pending.size === 0) oldest = at;
      pending.set(key, entry);
      if (pending.size >= FLUSH_ENTRIES || at - oldest >= FLUSH_AFTER_MS) flush();
    },
    flush,
    health(retailerIds: readonly string[]): { since: number; retailers: RetailerHealth[] } {
      const since = now() - HEALTH_WINDOW_MS;
      return { since, retailers: retailerHealth(repo.callsSince(since), retailerIds) };
    },
    stats(limit = 20): { days: number; top: QueryCount[]; no_result: QueryCount[] } {
      flush();
      const sinceDay = brusselsDay(now() - (STATS_DAYS - 1) * DAY);
      return {
        days: STATS_DAYS,
        top: repo.topQueries(sinceDay, limit),
        no_result: repo.noResultQueries(sinceDay, limit),
      };
    },
  };
}

export type SearchActivityRecorder = ReturnType<typeof createSearchActivity>;
