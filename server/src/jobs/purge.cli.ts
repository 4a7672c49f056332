import { loadEnvOrExit } from '../config/env';
import { closeDatabase } from '../db/database';
import { openCliDatabase } from '../db/cli-database';
import { createLogger } from '../lib/log';
import { runPurge } from './purge.job';

/** `npm run purge`: one purge pass on DATA_DIR's database (the running server also purges daily). */
function main(): void {
  const env = loadEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT }).child({ job: 'purge' });
  const db = openCliDatabase(env, { migrateWith: log });
  try {
    const report = runPurge({ db, log, now: Date.now });
    if (report.failedAccounts > 0) process.exitCode = 1;
  } finally {
    closeDatabase(db);
  }
}

main();
