import type { Db } from '../../db/database';
import { lightWrite } from '../../db/light-write';

/**
 * Pace of verification-code mails per address, whoever asks (docs/decisions/101): one a
 * minute while the address got fewer than five in the last hour, then one every ten minutes. There is
 * no allowance to use up, so a stranger asking again and again from many connections keeps the owner
 * from the next code for ten minutes at most, and the mailbox gets about ten codes an hour at worst.
 */
const HOUR_MS = 3600 * 1000;
const CALM_GAP_MS = 60 * 1000;
const BUSY_GAP_MS = 10 * 60 * 1000;
const CALM_PER_HOUR = 5;
/** Sends older than an hour are deleted every this many sends, not on each one. */
const PRUNE_EVERY = 500;

export interface PaceResult {
  allowed: boolean;
  /** Seconds until the next code may go out (>= 1 when refused). */
  retryAfterSeconds: number;
  /** The gap that applies now (for the RateLimit-Policy window). */
  gapMs: number;
}

/** The send times are rows of code_sends, shared by every server process (ADR 177). */
export function createCodePacing(db: Db, now: () => number) {
  const recentFor = db.prepare<[string, number], { sent_at: number }>(
    'SELECT sent_at FROM code_sends WHERE email = ? AND sent_at > ? ORDER BY sent_at',
  );
  const insert = db.prepare<[string, number]>('INSERT INTO code_sends (email, sent_at) VALUES (?, ?)');
  const prune = db.prepare<[number]>('DELETE FROM code_sends WHERE sent_at <= ?');
  let writes = 0;

  return {
    /** Whether a code may be mailed to `email` now (nothing is counted). */
    check(email: string): PaceResult {
      const at = now();
      const recent = recentFor.all(email, at - HOUR_MS).map((row) => row.sent_at);
      const gapMs = recent.length >= CALM_PER_HOUR ? BUSY_GAP_MS : CALM_GAP_MS;
      const last = recent[recent.length - 1];
      if (last !== undefined && at - last < gapMs) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((last + gapMs - at) / 1000)), gapMs };
      }
      return { allowed: true, retryAfterSeconds: 0, gapMs };
    },
    /** A code mail to `email` goes out now. */
    record(email: string): void {
      const at = now();
      lightWrite(db, () => {
        if (++writes % PRUNE_EVERY === 0) prune.run(at - HOUR_MS);
        insert.run(email, at);
      });
    },
  };
}
