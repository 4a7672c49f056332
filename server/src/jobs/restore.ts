import type BetterSqlite3 from 'better-sqlite3';
import Database from '../db/sqlite-driver';
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { databaseFiles, ensurePrivateDir, PRIVATE_FILE_MODE, restrictUmask } from '../config/private-files';
import { closeDatabase, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import type { Logger } from '../lib/log';
import { integrityOf, stampOf } from './backup.job';

export class RestoreError extends Error {
  override name = 'RestoreError';
}

export interface RestoreOptions {
  /** The backup to restore (any PharmaRadar database file that passes the integrity check). */
  source: string;
  /** The live database path (DATA_DIR/pharmaradar.db). */
  dbFile: string;
  /** BACKUP_DIR: the replaced database is kept there, in replaced-<time>/. */
  backupDir: string;
  log: Logger;
  now?: () => number;
}

export interface RestoreResult {
  /** Folder holding the database files that were replaced (undefined when there was none). */
  replacedDir?: string;
  /** Migrations applied to the restored copy (a backup taken before a newer release). */
  migrations: string[];
}

/**
 * True when another connection (a running server, a backup) has the database open: in WAL mode
 * every open connection keeps a shared lock on the file, so an exclusive lock is refused at once.
 */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  let probe: BetterSqlite3.Database | undefined;
  try {
    probe = new Database(file, { timeout: 0, fileMustExist: true });
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch (error) {
    // A wrecked file (SQLITE_NOTADB, SQLITE_CORRUPT) is what a restore is for: not "in use".
    return (error as { code?: string }).code === 'SQLITE_BUSY';
  } finally {
    probe?.close();
  }
}

/** rename, or copy + delete when BACKUP_DIR is on another file system. */
function move(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(from, to);
    rmSync(from);
  }
}

/** Copies the source (and a -wal beside it) into a stand-alone, checked file next to the live one. */
function stageCopy(source: string, staging: string): void {
  copyFileSync(source, staging);
  if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${staging}-wal`);
  chmodSync(staging, PRIVATE_FILE_MODE);
  const integrity = integrityOf(staging);
  if (integrity !== 'ok') throw new RestoreError(`${source} fails the integrity check: ${integrity}`);
  const copy = new Database(staging);
  try {
    const known = copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    if (!known) throw new RestoreError(`${source} is not a PharmaRadar database (no schema_migrations table).`);
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/**
 * Replaces the live database with a backup: checks the backup first (integrity, PharmaRadar schema),
 * refuses while the database is open elsewhere, moves the current database and its -wal/-shm aside
 * (BACKUP_DIR/replaced-<time>/), puts the copy in place, and runs the migrations on it.
 */
export function restoreDatabase(options: RestoreOptions): RestoreResult {
  const { source, dbFile, backupDir, log } = options;
  const at = (options.now ?? Date.now)();
  restrictUmask();
  if (!existsSync(source) || !statSync(source).isFile()) throw new RestoreError(`No backup file at ${source}.`);
  if (databaseInUse(dbFile)) {
    throw new RestoreError(
      `The database ${dbFile} is in use (is the server running?). Stop the server, then restore again.`,
    );
  }
  ensurePrivateDir(dirname(dbFile));
  const staging = `${dbFile}.restore-${stampOf(at)}`;
  try {
    stageCopy(source, staging);
    let replacedDir: string | undefined;
    const current = databaseFiles(dbFile).filter((file) => existsSync(file));
    if (current.length > 0) {
      replacedDir = join(backupDir, `replaced-${stampOf(at)}`);
      ensurePrivateDir(backupDir);
      ensurePrivateDir(replacedDir);
      for (const file of current) move(file, join(replacedDir, basename(file)));
    }
    // The -wal/-shm of the old database went aside with it: none is left to be replayed onto the copy.
    renameSync(staging, dbFile);
    const db = openDatabase(dbFile);
    try {
      const migrations = migrate(db, { log });
      log.info('database restored', { source, replacedDir: replacedDir ?? 'none', migrations: migrations.length });
      return { replacedDir, migrations };
    } finally {
      closeDatabase(db);
    }
  } finally {
    for (const file of databaseFiles(staging)) rmSync(file, { force: true });
    rmSync(`${staging}-journal`, { force: true });
  }
}
