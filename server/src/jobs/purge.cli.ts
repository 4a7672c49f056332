import { join } from 'node:path';
import { loadEnvOrExit } from '../config/env';
import { closeDatabase, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createLogger } from '../lib/log';
import { DATABASE_FILE_NAME } from '../server';
import { runPurge } from './purge.job';

/** `npm run purge`: one purge pass on DATA_DIR's database (the running server also purges daily). */
function main(): void {
  const env = loadEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL }).child({ job: 'purge' });
  const db = openDatabase(join(env.DATA_DIR, DATABASE_FILE_NAME));
  try {
    migrate(db, { log });
    const report = runPurge({ db, log, now: Date.now });
    if (report.failedAccounts > 0) process.exitCode = 1;
  } finally {
    closeDatabase(db);
  }
}

main();
