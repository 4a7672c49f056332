import type BetterSqlite3 from 'better-sqlite3';
import Database from './sqlite-driver';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  databaseFiles,
  ensurePrivateFile,
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
  restrictUmask,
} from '../config/private-files';

export type Db = BetterSqlite3.Database;

/**
 * Opens (creating if needed) the SQLite file with the settings every connection must have:
 * WAL so readers never block the writer, foreign keys enforced, a 5 s busy wait instead of
 * SQLITE_BUSY, and synchronous=FULL because better-sqlite3's build default (NORMAL under WAL) may lose
 * the last commits on power loss — e.g. a Stripe webhook already answered 2xx, which is never resent.
 * secure_delete overwrites deleted content, so purged personal data does not linger in free pages.
 * The file is created 0600 before SQLite sees it: SQLite gives -wal and -shm the database file's
 * mode, so the three stay private even where the umask cannot be set (worker threads).
 */
export function openDatabase(file: string): Db {
  const onDisk = file !== ':memory:';
  if (onDisk) {
    restrictUmask();
    // Created private when missing; an existing folder is checked by securePrivateFiles at start-up.
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  }
  const db = new Database(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  if (onDisk) databaseFiles(file).forEach(ensurePrivateFile);
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
