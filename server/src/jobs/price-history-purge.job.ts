import type { Db } from '../db/database';
import type { Logger } from '../lib/log';
import { retentionStart } from '../features/price-history/price-history.days';
import { createPriceHistoryRepository } from '../features/price-history/price-history.repository';
import { PURGE_INTERVAL_MS } from './purge.job';
import type { RepeatingJob } from '../lib/repeating-job';

export interface PriceHistoryPurgeDeps {
  db: Db;
  log: Logger;
  now: () => number;
  /** PRICE_HISTORY_DAYS */
  retentionDays: number;
}

/** Deletes the price-history days older than PRICE_HISTORY_DAYS; returns the rows deleted. */
export function runPriceHistoryPurge({ db, log, now, retentionDays }: PriceHistoryPurgeDeps): number {
  const before = retentionStart(now(), retentionDays);
  const deleted = createPriceHistoryRepository(db).purgeBefore(before);
  log.info('price history purged', { before, deleted });
  return deleted;
}

/** The purge at start-up and then daily (the job scheduler runs it). */
export function createPriceHistoryPurgeJob(deps: PriceHistoryPurgeDeps, intervalMs = PURGE_INTERVAL_MS): RepeatingJob {
  return { name: 'price history purge', everyMs: intervalMs, run: () => runPriceHistoryPurge(deps) };
}
