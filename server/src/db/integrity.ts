import type { Db } from './database';

/** A database that fails its integrity check: the server does not serve from it (main.ts exits 1). */
export class DatabaseCorruptError extends Error {
  override name = 'DatabaseCorruptError';
}

/** SQLite's codes for a damaged file (extended codes start with these: SQLITE_CORRUPT_INDEX…). */
export function isCorruptionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB'));
}

/**
 * PRAGMA quick_check: every page and b-tree is read and checked (not the index contents, which the
 * full integrity_check compares at several times the cost). Answers 'ok' or SQLite's first
 * complaints; a read that fails answers its error instead of throwing.
 */
export function quickCheck(db: Db): string {
  try {
    const rows = db.pragma('quick_check(5)') as Array<{ quick_check: string }>;
    return rows.map((row) => row.quick_check).join('; ') || 'no answer';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${(error as Error).message}` : String(error);
  }
}

/** What the operator reads when the database is damaged: which file, and how to put a backup back. */
export function corruptionMessage(file: string, backupDir: string, problem: string): string {
  return (
    `The database ${file} is damaged (${problem}). Stop here: restore the newest good backup with ` +
    `\`npm run restore <backup>\` (backups are in ${backupDir}), then start again.`
  );
}
