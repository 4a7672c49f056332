import Database from '../db/sqlite-driver';
import { chmodSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../config/private-files';
import type { Db } from '../db/database';
import type { Logger } from '../lib/log';
import type { RepeatingJob } from '../lib/repeating-job';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** pharmaradar-2025-01-15T09-00-00-000Z.db: sorts by time, no colons (valid on every file system). */
const BACKUP_NAME = /^pharmaradar-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.db$/;
/** Databases a restore put aside: replaced-<same stamp>/ folders, rotated like backups. */
const REPLACED_NAME = /^replaced-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/;

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupDeps {
  db: Db;
  /** BACKUP_DIR. */
  dir: string;
  /** BACKUP_KEEP_DAYS. */
  keepDays: number;
  log: Logger;
  now: () => number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** Older backups (and replaced databases) deleted by the rotation. */
  rotated: string[];
}

export function stampOf(at: number): string {
  return new Date(at).toISOString().replace(/[:.]/g, '-');
}

export function backupFileName(at: number): string {
  return `pharmaradar-${stampOf(at)}.db`;
}

function timeOfName(name: string): number | undefined {
  const m = BACKUP_NAME.exec(name) ?? REPLACED_NAME.exec(name);
  if (!m) return undefined;
  return Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
}

/** Backup files in `dir`, oldest first (by the time in their name, never by mtime, which copies change). */
export function listBackups(dir: string): Array<{ file: string; at: number }> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .map((name) => ({ file: join(dir, name), at: timeOfName(name)! }))
    .sort((a, b) => a.at - b.at);
}

/**
 * Runs PRAGMA integrity_check on a database file and answers 'ok' or SQLite's complaint; a file
 * that is not a database at all answers the open/read error instead of throwing.
 */
export function integrityOf(file: string): string {
  let copy: Db | undefined;
  try {
    copy = new Database(file, { readonly: true, fileMustExist: true });
    const rows = copy.pragma('integrity_check') as Array<{ integrity_check: string }>;
    return rows.map((r) => r.integrity_check).join('; ');
  } catch (error) {
    return (error as Error).message;
  } finally {
    copy?.close();
  }
}

/**
 * Deletes backups and replaced databases older than keepDays. Runs only after a good backup, so the
 * newest good copy always survives, even after a long stop.
 */
export function rotateBackups(dir: string, keepDays: number, now: number): string[] {
  const limit = now - keepDays * DAY_MS;
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    const at = timeOfName(name);
    if (at === undefined || at >= limit) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * One online backup: SQLite's backup API copies a consistent snapshot while the app keeps serving
 * (better-sqlite3 steps through it between event-loop turns). The copy is written under a temporary
 * name, turned into a stand-alone file (journal_mode DELETE: no -wal to carry along), checked with
 * integrity_check, and only then given its final name; a failed copy is removed, never kept.
 */
export async function runBackup(deps: BackupDeps): Promise<BackupResult> {
  const { db, dir, keepDays, log, now } = deps;
  ensurePrivateDir(dir);
  const at = now();
  const file = join(dir, backupFileName(at));
  const partial = join(dir, `.${backupFileName(at)}.partial`);
  try {
    const { totalPages } = await db.backup(partial);
    chmodSync(partial, PRIVATE_FILE_MODE);
    const copy = new Database(partial);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const integrity = integrityOf(partial);
    if (integrity !== 'ok') throw new BackupError(`integrity check of the copy failed: ${integrity}`);
    renameSync(partial, file);
    const rotated = rotateBackups(dir, keepDays, at);
    const bytes = totalPages * (db.pragma('page_size', { simple: true }) as number);
    log.info('backup done', { file, bytes, rotated: rotated.length });
    return { file, bytes, rotated };
  } catch (error) {
    rmSync(partial, { force: true });
    for (const suffix of ['-journal', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
    throw error;
  }
}

/**
 * Backs up every intervalHours (0 = never). The first run comes as soon as the newest backup is
 * older than the interval, so a server restarted more often than that still backs up. The job
 * scheduler's stop() waits for a backup in progress, so the database is never closed under it.
 */
export function createBackupJob(deps: BackupDeps, intervalHours: number): RepeatingJob {
  const everyMs = intervalHours * HOUR_MS;
  return {
    name: 'backup',
    everyMs,
    run: () => runBackup(deps),
    firstRunInMs: () => Math.max(0, (listBackups(deps.dir).at(-1)?.at ?? -Infinity) + everyMs - deps.now()),
  };
}
