import type { Db } from '../db/database';
import type { Logger } from '../lib/log';
import { retentionStart } from '../features/price-history/price-history.days';
import { createPriceHistoryRepository } from '../features/price-history/price-history.repository';
import { PURGE_INTERVAL_MS } from './purge.job';
import { createRepeatingJob } from './repeating-job';

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

/** Runs the purge at start-up and then daily; stop() on shutdown. */
export function createPriceHistoryPurgeJob(deps: PriceHistoryPurgeDeps, intervalMs = PURGE_INTERVAL_MS) {
  return createRepeatingJob(() => runPriceHistoryPurge(deps), deps.log, 'price history purge failed', intervalMs);
}
