import type { Db } from './database';

/**
 * Runs a write whose loss on power failure costs nothing (rate-limit counters, leases) without the
 * fsync that synchronous=FULL adds to every commit: under WAL, NORMAL still never corrupts the file,
 * it may only lose the last commits. Requests pay this write on every call, so it must stay cheap.
 * Inside a transaction the outer one decides (the pragma cannot change there).
 */
export function lightWrite<T>(db: Db, work: () => T): T {
  if (db.inTransaction) return work();
  db.pragma('synchronous = NORMAL');
  try {
    return work();
  } finally {
    db.pragma('synchronous = FULL');
  }
}
