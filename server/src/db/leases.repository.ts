import { randomUUID } from 'node:crypto';
import type { Db } from './database';
import { lightWrite } from './light-write';

/**
 * Named leases in SQLite (table `leases`): one server process at a time holds a name, until it
 * releases it or the lease expires because the process died (WEB_CONCURRENCY, ADR 177). Expiry is on
 * the wall clock: it is about processes, never about the demo clock.
 */
export function createLeases(db: Db, now: () => number = Date.now) {
  /** This process (and this app instance in tests that start several on one file). */
  const holder = `${process.pid}:${randomUUID()}`;
  const take = db.prepare<[{ name: string; holder: string; at: number; expiresAt: number }]>(
    `INSERT INTO leases (name, holder, expires_at) VALUES (:name, :holder, :expiresAt)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE leases.expires_at <= :at OR leases.holder = excluded.holder`,
  );
  const give = db.prepare<[string, string]>('DELETE FROM leases WHERE name = ? AND holder = ?');
  const held = db.prepare<[string, number], { holder: string }>(
    'SELECT holder FROM leases WHERE name = ? AND expires_at > ?',
  );
  const sweep = db.prepare<[number]>('DELETE FROM leases WHERE expires_at <= ?');
  let taken = 0;

  return {
    /** Takes `name` for `ttlMs` if nobody else holds it; true when this process now holds it. */
    tryAcquire(name: string, ttlMs: number): boolean {
      const at = now();
      return lightWrite(db, () => {
        if (++taken % 1000 === 0) sweep.run(at);
        return take.run({ name, holder, at, expiresAt: at + ttlMs }).changes === 1;
      });
    },
    release(name: string): void {
      lightWrite(db, () => give.run(name, holder));
    },
    /** Whether another process holds `name` now. */
    heldByAnother(name: string): boolean {
      const row = held.get(name, now());
      return row !== undefined && row.holder !== holder;
    },
  };
}

export type Leases = ReturnType<typeof createLeases>;

/** Pause between two looks at a lease held by another process. */
export const LEASE_POLL_MS = 25;

/**
 * Runs `work` holding the lease `name`, waiting for another process to release it first (or for it
 * to expire). `readyMeanwhile` is asked after each wait: a value means the other process's work made
 * ours needless (e.g. its answer is in the cache), and it is returned instead. Waits at most
 * `maxWaitMs` before working anyway, so a stuck holder never blocks the caller for long.
 */
export async function withLease<T>(
  leases: Leases,
  name: string,
  options: { ttlMs: number; maxWaitMs: number; readyMeanwhile?: () => T | null },
  work: () => Promise<T>,
): Promise<T> {
  const giveUpAt = Date.now() + options.maxWaitMs;
  let waited = false;
  while (!leases.tryAcquire(name, options.ttlMs)) {
    if (Date.now() >= giveUpAt) return work();
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
    waited = true;
    const ready = options.readyMeanwhile?.();
    if (ready !== null && ready !== undefined) return ready;
  }
  try {
    // Taken just as the other holder finished: its result may already be there.
    const ready = waited ? options.readyMeanwhile?.() : null;
    if (ready !== null && ready !== undefined) return ready;
    return await work();
  } finally {
    leases.release(name);
  }
}
