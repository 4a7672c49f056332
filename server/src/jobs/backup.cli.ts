import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnvOrExit } from '../config/env';
import { closeDatabase, openDatabase } from '../db/database';
import { createLogger } from '../lib/log';
import { DATABASE_FILE_NAME } from '../server';
import { runBackup } from './backup.job';

/**
 * `npm run backup`: one online backup of DATA_DIR's database into BACKUP_DIR, checked and rotated
 * like the scheduled ones. Safe while the server runs. Prints the backup's path.
 */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL }).child({ job: 'backup' });
  const dbFile = join(env.DATA_DIR, DATABASE_FILE_NAME);
  if (!existsSync(dbFile)) {
    console.error(`No database at ${dbFile}: nothing to back up.`);
    process.exit(1);
  }
  const db = openDatabase(dbFile);
  try {
    const result = await runBackup({ db, dir: env.BACKUP_DIR, keepDays: env.BACKUP_KEEP_DAYS, log, now: Date.now });
    console.log(`Backup written: ${result.file}`);
  } catch (error) {
    console.error(`Backup failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    closeDatabase(db);
  }
}

void main();
