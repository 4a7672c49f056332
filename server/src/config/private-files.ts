import { chmodSync, mkdirSync, statSync, type Stats } from 'node:fs';

/** DATA_DIR and the folders in it (outbox, backups) hold personal data: owner only. */
export const PRIVATE_DIR_MODE = 0o700;
/** The database, its -wal/-shm, mails, backups and the secret key: owner read/write only. */
export const PRIVATE_FILE_MODE = 0o600;

export class PrivateFileError extends Error {
  override name = 'PrivateFileError';
}

/** A permission the start-up found too wide and narrowed (logged as a warning). */
export interface PermissionRepair {
  path: string;
  from: string;
  to: string;
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/**
 * Files created from now on by this process (SQLite's database, -wal and -shm, mails, backups) get
 * no group or other bits, whatever the shell's umask was. Worker threads cannot change the umask
 * (vitest may run there); openDatabase's explicit modes cover that case.
 */
export function restrictUmask(): void {
  try {
    process.umask(0o077);
  } catch {
    // ERR_WORKER_UNSUPPORTED_OPERATION: the chmod checks below still apply.
  }
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function narrow(path: string, stats: Stats, mode: number): PermissionRepair | undefined {
  if ((stats.mode & 0o077) === 0) return undefined;
  try {
    chmodSync(path, mode);
  } catch (error) {
    throw new PrivateFileError(
      `${path} is readable by other users (mode ${octal(stats.mode)}) and cannot be changed to ${octal(mode)} ` +
        `(${(error as Error).message}). Fix its owner or permissions (chmod ${octal(mode)} ${path}) and start again.`,
    );
  }
  return { path, from: octal(stats.mode), to: octal(mode) };
}

/** Creates `dir` (0700) when missing; narrows an existing one; refuses a path that is not a directory. */
export function ensurePrivateDir(dir: string): PermissionRepair | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    // EEXIST: something other than a folder is in the way, reported just below.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stats = statSync(dir);
  if (!stats.isDirectory()) {
    throw new PrivateFileError(`${dir} must be a directory (it holds private data); it is not.`);
  }
  return narrow(dir, stats, PRIVATE_DIR_MODE);
}

/** Narrows an existing file to 0600; a missing file is fine (SQLite creates -wal/-shm lazily). */
export function ensurePrivateFile(file: string): PermissionRepair | undefined {
  const stats = statOrUndefined(file);
  if (!stats) return undefined;
  if (!stats.isFile()) throw new PrivateFileError(`${file} must be a regular file; it is not.`);
  return narrow(file, stats, PRIVATE_FILE_MODE);
}

/** The database file and the two files SQLite keeps next to it in WAL mode. */
export function databaseFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`];
}

/**
 * Start-up check of everything private under the server's control: DATA_DIR, the mail outbox and
 * backup folders (created 0700 when missing), the database with its -wal/-shm (0600). Wider
 * permissions are narrowed and reported; what cannot be narrowed stops the start (PrivateFileError).
 */
export function securePrivateFiles(paths: { dataDir: string; dirs: string[]; dbFile: string }): PermissionRepair[] {
  restrictUmask();
  const repairs = [
    ensurePrivateDir(paths.dataDir),
    ...paths.dirs.map(ensurePrivateDir),
    ...databaseFiles(paths.dbFile).map(ensurePrivateFile),
  ];
  return repairs.filter((r): r is PermissionRepair => r !== undefined);
}
