import type { Db } from '../../db/database';
import { lightWrite } from '../../db/light-write';
import { writeTransaction } from '../../db/write-transaction';

/**
 * Growing delays after wrong passwords (ADR 024, ASVS 6.1.1/6.3.1, no malicious lockout). Only the
 * requester that failed waits, never the account as a whole, so guesses spread over many addresses
 * slow each guessing address down but never lock the owner out:
 * - per (account, connection): 10 free failures, then 15 min, doubling per further failure (cap 4 h);
 * - per account, all connections together: past 20 failures every failing connection also waits
 *   1 s, doubling per account failure (cap 15 min) before its next try for that account;
 * - per (account, known device), for a browser that carries the account's device cookie
 *   (known-device.ts, docs/decisions/100): the pair schedule, counted apart from the connection and
 *   the account, so strangers guessing from the owner's shop wifi never delay the owner's browser.
 * Counters are forgotten after an hour without a failure. A successful login clears the requester's
 * own counters; a completed reset clears every counter of the account.
 */
const PAIR_FREE_FAILURES = 10;
const PAIR_FIRST_DELAY_MS = 15 * 60 * 1000;
const PAIR_MAX_DELAY_MS = 4 * 3600 * 1000;
const ACCOUNT_FREE_FAILURES = 20;
const ACCOUNT_MAX_DELAY_MS = 15 * 60 * 1000;
const QUIET_MS = 3600 * 1000;
/** Quiet counters are deleted every this many failures, not on each one. */
const PRUNE_EVERY = 500;

interface Failures {
  count: number;
  lastAt: number;
  notBefore: number;
}

/** Who is trying: an unknown browser on a connection, or a browser the account recognises. */
export type Requester = { connection: string } | { device: string };

const doubling = (base: number, steps: number, cap: number) => Math.min(cap, base * 2 ** Math.min(steps, 30));
const keyOf = (requester: Requester) =>
  'device' in requester ? `device:${requester.device}` : `ip:${requester.connection}`;

/** The account's own counter (all unknown browsers together) sits under this requester key. */
const ACCOUNT_ROW = '';

type Row = { count: number; last_at: number; not_before: number };

/**
 * The counters are rows of login_failures, so every server process (WEB_CONCURRENCY, ADR 177) sees
 * the same failures: a guesser gains nothing from landing on another process.
 */
export function createLoginDelays(db: Db, now: () => number) {
  const read = db.prepare<[string, string], Row>(
    'SELECT count, last_at, not_before FROM login_failures WHERE email = ? AND requester = ?',
  );
  const write = db.prepare<[string, string, number, number, number]>(
    `INSERT INTO login_failures (email, requester, count, last_at, not_before) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (email, requester) DO UPDATE SET
       count = excluded.count, last_at = excluded.last_at, not_before = excluded.not_before`,
  );
  const forgetOne = db.prepare<[string, string]>('DELETE FROM login_failures WHERE email = ? AND requester = ?');
  const forgetAll = db.prepare<[string]>('DELETE FROM login_failures WHERE email = ?');
  const prune = db.prepare<[number, number]>('DELETE FROM login_failures WHERE last_at <= ? AND not_before <= ?');
  let writes = 0;

  const fresh = (row: Row | undefined, at: number): Failures =>
    row && at - row.last_at < QUIET_MS
      ? { count: row.count, lastAt: row.last_at, notBefore: row.not_before }
      : { count: 0, lastAt: at, notBefore: 0 };

  // Read, count and write in one immediate transaction: two processes never both count from the same value.
  const failInTransaction = writeTransaction(db, (email: string, requester: Requester, at: number) => {
    if (++writes % PRUNE_EVERY === 0) prune.run(at - QUIET_MS, at);
    const account = fresh(read.get(email, ACCOUNT_ROW), at);
    if (!('device' in requester)) {
      account.count += 1;
      account.lastAt = at;
      write.run(email, ACCOUNT_ROW, account.count, account.lastAt, 0);
    }
    const key = keyOf(requester);
    const pair = fresh(read.get(email, key), at);
    pair.count += 1;
    pair.lastAt = at;
    let delay = 0;
    if (pair.count >= PAIR_FREE_FAILURES) {
      delay = doubling(PAIR_FIRST_DELAY_MS, pair.count - PAIR_FREE_FAILURES, PAIR_MAX_DELAY_MS);
    }
    if (!('device' in requester) && account.count > ACCOUNT_FREE_FAILURES) {
      delay = Math.max(delay, doubling(1000, account.count - ACCOUNT_FREE_FAILURES - 1, ACCOUNT_MAX_DELAY_MS));
    }
    pair.notBefore = delay > 0 ? at + delay : 0;
    write.run(email, key, pair.count, pair.lastAt, pair.notBefore);
    return { pairFailures: pair.count, accountFailures: account.count };
  });

  return {
    /** Milliseconds this requester must still wait before trying this account again (0: go ahead). */
    waitMs(email: string, requester: Requester): number {
      const row = read.get(email, keyOf(requester));
      return row ? Math.max(0, row.not_before - now()) : 0;
    },

    /**
     * A wrong password: the requester's delay grows; an unknown browser's failure also adds to the
     * account's pressure, a known device's does not (it cannot be a stranger's).
     */
    fail(email: string, requester: Requester): { pairFailures: number; accountFailures: number } {
      const at = now();
      return lightWrite(db, () => failInTransaction(email, requester, at));
    },

    /**
     * Right password: the requester's own failures go. Other connections' delays stay, so the owner
     * signing in does not hand a guesser a fresh allowance.
     */
    succeeded(email: string, requester: Requester): void {
      lightWrite(db, () => forgetOne.run(email, keyOf(requester)));
    },

    /** A completed reset (the owner proved the mailbox): every counter of the account goes. */
    clear(email: string): void {
      lightWrite(db, () => forgetAll.run(email));
    },
  };
}
