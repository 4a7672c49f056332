import type { Db } from './database';
import { writeTransaction } from './write-transaction';

/** Counters of failures and code mails are forgotten this long after their last event (login-delays.ts, code-pacing.ts). */
const COUNTERS_KEPT_MS = 3600 * 1000;

/**
 * The tables the server processes share (migration 0026, ADR 177). Their keys hold e-mail addresses
 * and client addresses: the code deletes expired rows as it goes, and the daily purge deletes the
 * rest, so a quiet server keeps none of them past their hour.
 */
export function createSharedLimitsRepository(db: Db) {
  const statements = [
    'DELETE FROM rate_limit_windows WHERE reset_at <= :at',
    `DELETE FROM login_failures WHERE last_at <= :at - ${COUNTERS_KEPT_MS} AND not_before <= :at`,
    `DELETE FROM code_sends WHERE sent_at <= :at - ${COUNTERS_KEPT_MS}`,
    'DELETE FROM leases WHERE expires_at <= :at',
  ].map((sql) => db.prepare<[{ at: number }]>(sql));
  const eraseCounters = ['DELETE FROM login_failures WHERE email = ?', 'DELETE FROM code_sends WHERE email = ?'].map(
    (sql) => db.prepare<[string]>(sql),
  );
  // Per-address limits key on the address, alone or followed by NUL and the client's address;
  // compared as bytes, since SQLite's text functions stop at a NUL.
  const eraseWindows = db.prepare<[{ email: string; prefix: string }]>(
    `DELETE FROM rate_limit_windows WHERE key = :email
       OR substr(CAST(key AS BLOB), 1, length(CAST(:prefix AS BLOB))) = CAST(:prefix AS BLOB)`,
  );
  return {
    /** A purged account: no counter keeps its address (the caller checkpoints the WAL after). */
    eraseEmail(email: string): void {
      for (const statement of eraseCounters) statement.run(email);
      eraseWindows.run({ email, prefix: `${email}\u0000` });
    },
    /** Deletes every row whose window, counter or lease is over at `at`; answers how many went. */
    deleteExpired(at: number): number {
      return writeTransaction(db, () =>
        statements.reduce((sum, statement) => sum + statement.run({ at }).changes, 0),
      )();
    },
  };
}
