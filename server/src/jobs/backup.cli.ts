import { existsSync } from 'node:fs';
import { loadEnvOrExit } from '../config/env';
import { closeDatabase } from '../db/database';
import { databaseFile, openCliDatabase } from '../db/cli-database';
import { createLogger } from '../lib/log';
import { runBackup } from './backup.job';

/**
 * `npm run backup`: one online backup of DATA_DIR's database into BACKUP_DIR, checked and rotated
 * like the scheduled ones. Safe while the server runs. Prints the backup's path.
 */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT }).child({ job: 'backup' });
  const dbFile = databaseFile(env);
  if (!existsSync(dbFile)) {
    console.error(`No database at ${dbFile}: nothing to back up.`);
    process.exit(1);
  }
  // Copied as it is: a backup keeps the schema the file has.
  const db = openCliDatabase(env);
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
