import { join } from 'node:path';
import { loadEnvOrExit } from '../config/env';
import { closeDatabase, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createLogger } from '../lib/log';
import { DATABASE_FILE_NAME } from '../server';
import { createSearchActivityRepository } from '../features/admin/search-activity.repository';
import { formatCheck, runRetailersCheck, type ProbeResult } from './retailers-check';

// `npm run retailers:check [-- query…]`: asks each configured retailer for a known product by name and
// by CNK and says whether fetching and parsing still work. RETAILERS_MODE=demo (default) starts the demo
// shops itself; RETAILERS_MODE=live asks the real sites. Exit code 0 only when every retailer worked.
// The result is also stored for the staff admin page (/admin), which shows the latest check.

const env = loadEnvOrExit();
const queries = process.argv.slice(2).filter((a) => a.trim() !== '');
console.log(
  `Retailer check (${env.RETAILERS_MODE} mode, timeout ${env.RETAILER_TIMEOUT_MS} ms): ${env.RETAILERS.join(', ')}`,
);
const { results, ok } = await runRetailersCheck(env, queries.length ? queries : undefined);
console.log(formatCheck(results));
console.log(ok ? 'All configured retailers work.' : 'Some retailers failed.');
saveForAdmin(results, ok);
process.exit(ok ? 0 : 1);

function saveForAdmin(results: ProbeResult[], ok: boolean): void {
  try {
    const db = openDatabase(join(env.DATA_DIR, DATABASE_FILE_NAME));
    try {
      migrate(db, { log: createLogger({ level: 'warn' }) });
      createSearchActivityRepository(db).saveCheck({
        at: Date.now(),
        source: 'cli',
        ok: ok ? 1 : 0,
        results_json: JSON.stringify(results.map((r) => ({ ...r, query: r.query.value }))),
      });
    } finally {
      closeDatabase(db);
    }
  } catch (error) {
    // The check's verdict stands even when the database cannot be written (e.g. no DATA_DIR yet).
    console.warn(`(result not stored for /admin: ${(error as Error).message})`);
  }
}
