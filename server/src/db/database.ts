import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the SQLite file with the settings every connection must have:
 * WAL so readers never block the writer, foreign keys enforced, a 5 s busy wait instead of
 * SQLITE_BUSY, and synchronous=FULL because better-sqlite3's build default (NORMAL under WAL) may lose
 * the last commits on power loss — e.g. a Stripe webhook already answered 2xx, which is never resent.
 * secure_delete overwrites deleted content, so purged personal data does not linger in free pages.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = FULL');
  db.pragma('secure_delete = ON');
  return db;
}

export type CheckpointMode = 'PASSIVE' | 'FULL' | 'RESTART' | 'TRUNCATE';

/**
 * Moves the WAL content into the main file. TRUNCATE also empties the -wal file, which matters after
 * purges (deleted personal data would otherwise linger in it) and before closing.
 */
export function checkpoint(
  db: Db,
  mode: CheckpointMode = 'TRUNCATE',
): { busy: number; log: number; checkpointed: number } {
  const row = db.pragma(`wal_checkpoint(${mode})`, { simple: false }) as Array<{
    busy: number;
    log: number;
    checkpointed: number;
  }>;
  return row[0] ?? { busy: 0, log: 0, checkpointed: 0 };
}

/** Checkpoints and closes; safe to call twice. */
export function closeDatabase(db: Db): void {
  if (!db.open) return;
  try {
    checkpoint(db, 'TRUNCATE');
  } finally {
    db.close();
  }
}
