/**
 * Growing delays after wrong passwords (issue 8.3, ASVS 6.1.1/6.3.1, no malicious lockout). Only the
 * connection that failed waits, never the account as a whole, so guesses spread over many addresses
 * slow each guessing address down but never lock the owner, who signs in from a connection of their own:
 * - per (account, connection): 10 free failures, then 15 min, doubling per further failure (cap 4 h);
 * - per account, all connections together: past 20 failures every failing connection also waits
 *   1 s, doubling per account failure (cap 15 min) before its next try for that account.
 * Counters are forgotten after an hour without a failure, and cleared by a successful login or reset.
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

const doubling = (base: number, steps: number, cap: number) => Math.min(cap, base * 2 ** Math.min(steps, 30));

export function createLoginDelays(now: () => number) {
  /** email → connection → failures of that connection on that account. */
  const pairs = new Map<string, Map<string, Failures>>();
  const accounts = new Map<string, Failures>();

  const fresh = (entry: Failures | undefined, at: number): Failures =>
    entry && at - entry.lastAt < QUIET_MS ? entry : { count: 0, lastAt: at, notBefore: 0 };

  const prune = (at: number) => {
    if (accounts.size + pairs.size < PRUNE_ABOVE) return;
    for (const [email, entry] of accounts) if (at - entry.lastAt >= QUIET_MS) accounts.delete(email);
    for (const [email, byConnection] of pairs) {
      for (const [connection, entry] of byConnection)
        if (at - entry.lastAt >= QUIET_MS && entry.notBefore <= at) byConnection.delete(connection);
      if (byConnection.size === 0) pairs.delete(email);
    }
  };

  return {
    /** Milliseconds this connection must still wait before trying this account again (0: go ahead). */
    waitMs(email: string, connection: string): number {
      const entry = pairs.get(email)?.get(connection);
      return entry ? Math.max(0, entry.notBefore - now()) : 0;
    },

    /** A wrong password from this connection: its delay grows, and with it the account's pressure. */
    fail(email: string, connection: string): { pairFailures: number; accountFailures: number } {
      const at = now();
      prune(at);
      const account = fresh(accounts.get(email), at);
      account.count += 1;
      account.lastAt = at;
      accounts.set(email, account);
      const byConnection = pairs.get(email) ?? new Map<string, Failures>();
      pairs.set(email, byConnection);
      const pair = fresh(byConnection.get(connection), at);
      pair.count += 1;
      pair.lastAt = at;
      let delay = 0;
      if (pair.count >= PAIR_FREE_FAILURES) {
        delay = doubling(PAIR_FIRST_DELAY_MS, pair.count - PAIR_FREE_FAILURES, PAIR_MAX_DELAY_MS);
      }
      if (account.count > ACCOUNT_FREE_FAILURES) {
        delay = Math.max(delay, doubling(1000, account.count - ACCOUNT_FREE_FAILURES - 1, ACCOUNT_MAX_DELAY_MS));
      }
      pair.notBefore = delay > 0 ? at + delay : 0;
      byConnection.set(connection, pair);
      return { pairFailures: pair.count, accountFailures: account.count };
    },

    /** Right password, or a completed reset: every counter of the account goes. */
    clear(email: string): void {
      pairs.delete(email);
      accounts.delete(email);
    },
  };
}

export type LoginDelays = ReturnType<typeof createLoginDelays>;
