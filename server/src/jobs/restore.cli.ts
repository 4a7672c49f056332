import { resolve } from 'node:path';
import { loadEnvOrExit } from '../config/env';
import { createLogger } from '../lib/log';
import { databaseFile } from '../db/cli-database';
import { readCliArgs } from './cli-args';
import { restoreDatabase } from './restore';

/**
 * `npm run restore <file>`: replaces DATA_DIR's database with a backup (see restore.ts). The server
 * must be stopped. A relative path is taken from where npm was run (INIT_CWD), not from server/.
 */
function main(): void {
  const [arg = ''] = readCliArgs(process.argv.slice(2), {
    usage: 'Usage: npm run restore <backup file>   (the server must be stopped)',
    positionals: [1, 1],
  }).positionals;
  const env = loadEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT }).child({ job: 'restore' });
  const source = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  try {
    const result = restoreDatabase({
      source,
      dbFile: databaseFile(env),
      backupDir: env.BACKUP_DIR,
      log,
    });
    console.log(`Restored ${source}.`);
    if (result.replacedDir) console.log(`The replaced database is kept in ${result.replacedDir}.`);
  } catch (error) {
    console.error(`Restore refused: ${(error as Error).message}`);
    process.exit(1);
  }
}

main();
