import type { Db } from './database';

/**
 * The one way to open a transaction (ADR 187; eslint.config.js refuses any other `.transaction(`).
 * It always begins with BEGIN IMMEDIATE, which takes the write lock at once and so waits for another
 * process's writer under the busy timeout. A plain (DEFERRED) BEGIN takes it only at its first write:
 * when that write follows a read and another process wrote meanwhile, SQLite cannot upgrade the read
 * snapshot and fails with SQLITE_BUSY at once, without waiting, however long the busy timeout.
 * Inside a running transaction the work runs in a savepoint of it, as better-sqlite3 nests them.
 *
 * Answers a function that runs `work` in the transaction with the arguments it is given, so a caller
 * can build it once (e.g. next to its prepared statements) and call it many times.
 */
export function writeTransaction<A extends unknown[], R>(db: Db, work: (...args: A) => R): (...args: A) => R {
  // eslint-disable-next-line no-restricted-syntax -- the helper itself
  const transaction = db.transaction(work);
  return (...args: A) => transaction.immediate(...args);
}
