import type { Locale } from '@pharmaradar/shared/locales';
import type { Db } from '../../db/database';
import type { RetailerCallRecord } from './search-activity.repository';
import { writeTransaction } from '../../db/write-transaction';

/** A shop's alarm state (docs/decisions/136); failing_since NULL while it works. */
export interface RetailerAlarmRow {
  retailer: string;
  failing_since: number | null;
  error: string | null;
  reason: string | null;
  last_alarm_at: number | null;
  recovered_at: number | null;
}

/** The latest import attempt of a shop's product feed. */
export interface FeedAttempt {
  at: number;
  refused: boolean;
  /** The refusal's kind and message, e.g. "truncated: line 2: the feed ends inside an element". */
  reason: string | null;
}

/** Who the alarm mails: live staff accounts with a verified address, in their stored language. */
export interface StaffRecipient {
  email: string;
  locale: Locale;
}

/** SQL of the shop alarm: the calls of its window, its state per shop, and the staff it mails. */
export function createRetailerAlarmRepository(db: Db) {
  const calls = db.prepare<[number, number], RetailerCallRecord>(
    `SELECT retailer, at, status, error, reason, ms FROM retailer_calls WHERE at > ? AND at <= ?
     ORDER BY retailer, at`,
  );
  const states = db.prepare<[], RetailerAlarmRow>(
    'SELECT retailer, failing_since, error, reason, last_alarm_at, recovered_at FROM retailer_alarms ORDER BY retailer',
  );
  const save = db.prepare(
    `INSERT INTO retailer_alarms (retailer, failing_since, error, reason, last_alarm_at, recovered_at)
     VALUES (@retailer, @failing_since, @error, @reason, @last_alarm_at, @recovered_at)
     ON CONFLICT (retailer) DO UPDATE SET failing_since = excluded.failing_since, error = excluded.error,
       reason = excluded.reason, last_alarm_at = excluded.last_alarm_at, recovered_at = excluded.recovered_at`,
  );
  // The latest attempt per feed (feed_imports is written by the feeds feature, docs/decisions/171).
  const feedAttempts = db.prepare<[], { retailer: string; at: number; outcome: string; reason: string | null }>(
    `SELECT retailer, at, outcome, substr(refusal || ': ' || coalesce(message, ''), 1, 300) AS reason FROM feed_imports f
     WHERE id = (SELECT id FROM feed_imports g WHERE g.retailer = f.retailer ORDER BY at DESC, id DESC LIMIT 1)`,
  );
  const staff = db.prepare<[], StaffRecipient>(
    `SELECT email, locale FROM users WHERE is_staff = 1 AND closed_at IS NULL AND email_verified = 1 ORDER BY id`,
  );

  return {
    /** Calls made in (since, until], by shop then time. */
    callsBetween: (since: number, until: number) => calls.all(since, until),
    states: () => states.all(),
    saveStates(rows: readonly RetailerAlarmRow[]): void {
      writeTransaction(db, () => {
        for (const row of rows) save.run(row);
      })();
    },
    staff: () => staff.all(),
    /** Each feed's latest import attempt, by shop. */
    feedAttempts: (): Map<string, FeedAttempt> =>
      new Map(
        feedAttempts
          .all()
          .map((r) => [r.retailer, { at: r.at, refused: r.outcome === 'refused', reason: r.reason }] as const),
      ),
  };
}

export type RetailerAlarmRepository = ReturnType<typeof createRetailerAlarmRepository>;
