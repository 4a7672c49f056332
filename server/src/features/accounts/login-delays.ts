/**
 * Growing delays after wrong passwords (issue 8.3, ASVS 6.1.1/6.3.1, no malicious lockout). Only the
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
const PRUNE_ABOVE = 10_000;

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

export function createLoginDelays(now: () => number) {
  /** email → requester key → failures of that requester on that account. */
  const pairs = new Map<string, Map<string, Failures>>();
  /** email → failures of unknown browsers on that account, all connections together. */
  const accounts = new Map<string, Failures>();

  const fresh = (entry: Failures | undefined, at: number): Failures =>
    entry && at - entry.lastAt < QUIET_MS ? entry : { count: 0, lastAt: at, notBefore: 0 };

  const prune = (at: number) => {
    if (accounts.size + pairs.size < PRUNE_ABOVE) return;
    for (const [email, entry] of accounts) if (at - entry.lastAt >= QUIET_MS) accounts.delete(email);
    for (const [email, byRequester] of pairs) {
      for (const [key, entry] of byRequester)
        if (at - entry.lastAt >= QUIET_MS && entry.notBefore <= at) byRequester.delete(key);
      if (byRequester.size === 0) pairs.delete(email);
    }
  };

  return {
    /** Milliseconds this requester must still wait before trying this account again (0: go ahead). */
    waitMs(email: string, requester: Requester): number {
      const entry = pairs.get(email)?.get(keyOf(requester));
      return entry ? Math.max(0, entry.notBefore - now()) : 0;
    },

    /**
     * A wrong password: the requester's delay grows; an unknown browser's failure also adds to the
     * account's pressure, a known device's does not (it cannot be a stranger's).
     */
    fail(email: string, requester: Requester): { pairFailures: number; accountFailures: number } {
      const at = now();
      prune(at);
      const account = fresh(accounts.get(email), at);
      if (!('device' in requester)) {
        account.count += 1;
        account.lastAt = at;
        accounts.set(email, account);
      }
      const byRequester = pairs.get(email) ?? new Map<string, Failures>();
      pairs.set(email, byRequester);
      const key = keyOf(requester);
      const pair = fresh(byRequester.get(key), at);
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
      byRequester.set(key, pair);
      return { pairFailures: pair.count, accountFailures: account.count };
    },

    /**
     * Right password: the requester's own failures go. Other connections' delays stay, so the owner
     * signing in does not hand a guesser a fresh allowance.
     */
    succeeded(email: string, requester: Requester): void {
      const byRequester = pairs.get(email);
      byRequester?.delete(keyOf(requester));
      if (byRequester?.size === 0) pairs.delete(email);
    },

    /** A completed reset (the owner proved the mailbox): every counter of the account goes. */
    clear(email: string): void {
      pairs.delete(email);
      accounts.delete(email);
    },
  };
}

export type LoginDelays = ReturnType<typeof createLoginDelays>;
