import type { Db } from '../db/database';
import type { Logger } from '../lib/log';
import type { Mailer } from '../lib/mailer';
import { createRetailerAlarm } from '../features/admin/retailer-alarm.service';
import { createRetailerAlarmRepository } from '../features/admin/retailer-alarm.repository';
import type { RepeatingJob } from '../lib/repeating-job';

/** How often the shops are judged: an alarm comes at most this late after the threshold is passed. */
export const RETAILER_ALARM_INTERVAL_MS = 5 * 60_000;

export interface RetailerAlarmJobDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** The real clock: the alarm is about real hours, whatever the demo clock shows. */
  now: () => number;
  publicUrl: string;
  /** RETAILER_NAMES: the names of shops read only from a feed. */
  shopNames?: Readonly<Record<string, string | undefined>>;
}

/**
 * Mails staff when a shop breaks and when it recovers (docs/decisions/136): the scheduler runs it at
 * start-up and then every RETAILER_ALARM_INTERVAL_MS; run() resolves with the mails sent.
 */
export function createRetailerAlarmJob(
  deps: RetailerAlarmJobDeps,
  intervalMs = RETAILER_ALARM_INTERVAL_MS,
): RepeatingJob & { run: () => Promise<number> } {
  const alarm = createRetailerAlarm({ ...deps, repo: createRetailerAlarmRepository(deps.db) });
  return { name: 'retailer alarm', everyMs: intervalMs, run: () => alarm.run() };
}
