import type { Db } from '../../db/database';

/**
 * The database round trips behind GET /api/health/. Both use the header field `user_version`, which
 * nothing else in the app uses (migrations are tracked in schema_migrations).
 */
export function createHealthRepository(db: Db) {
  return {
    /** A real read of the file header (unlike `SELECT 1`, which never touches the database). */
    read(): number {
      return db.pragma('user_version', { simple: true }) as number;
    },
    /**
     * A real committed write that changes nothing: rewrites user_version with its current value. It
     * takes the write lock, appends one page to the WAL and fsyncs (synchronous=FULL), so a full
     * disk, a read-only file or mount, an I/O error, a held lock or `query_only` all fail it, while
     * the database neither grows nor changes schema (prepared statements stay valid). A
     * `BEGIN IMMEDIATE; ROLLBACK` would miss a full disk: nothing is written until commit.
     */
    write(): void {
      const version = db.pragma('user_version', { simple: true }) as number;
      db.pragma(`user_version = ${Math.trunc(version)}`);
    },
  };
}
