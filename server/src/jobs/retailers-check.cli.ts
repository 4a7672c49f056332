import { loadEnvOrExit } from '../config/env';
import { closeDatabase } from '../db/database';
import { openCliDatabase } from '../db/cli-database';
import { createLogger } from '../lib/log';
import { createSearchActivityRepository } from '../features/admin/search-activity.repository';
import { demoShops } from '../demo/demo-shops';
import { formatCheck, probesForAdmin, runRetailersCheck, type ProbeResult } from '../retailers/retailers-check';
import { pageSaver } from '../retailers/saved-page';
import { readCliArgs } from './cli-args';

// `npm run retailers:check [-- [--save <dir>] query…]`: asks each configured retailer for a known product by name and
// by CNK and says whether fetching and parsing still work. RETAILERS_MODE=demo (default) starts the demo
// shops itself; RETAILERS_MODE=live asks the real sites. Exit code 0 only when every retailer worked.
// The result is also stored for the staff admin page (/admin), which shows the latest check.
// --save <dir> keeps every raw page fetched, to turn pages from the live sites into fixtures.

const { values, positionals: queries } = readCliArgs(
  process.argv.slice(2).filter((a) => a.trim() !== ''),
  {
    usage: 'usage: npm run retailers:check -- [--save <dir>] [query…]',
    options: { save: { type: 'string' } },
    positionals: [0, Infinity],
  },
  1,
);
const saveDir = values.save;
const env = loadEnvOrExit();
const saver = saveDir ? pageSaver(saveDir) : null;
console.log(
  `Retailer check (${env.RETAILERS_MODE} mode, timeout ${env.RETAILER_TIMEOUT_MS} ms): ${env.RETAILERS.join(', ')}`,
);
const { results, ok } = await runRetailersCheck(
  env,
  demoShops,
  queries.length ? queries : undefined,
  saver ? { onPage: saver.save } : {},
);
console.log(formatCheck(results));
if (saver) console.log(`${saver.saved.length} pages saved in ${saveDir}`);
console.log(ok ? 'All configured retailers work.' : 'Some retailers failed.');
saveForAdmin(results, ok);
process.exit(ok ? 0 : 1);

function saveForAdmin(results: ProbeResult[], ok: boolean): void {
  try {
    const db = openCliDatabase(env, { migrateWith: createLogger({ level: 'warn' }) });
    try {
      createSearchActivityRepository(db).saveCheck({
        at: Date.now(),
        source: 'cli',
        ok: ok ? 1 : 0,
        results_json: JSON.stringify(probesForAdmin(results)),
      });
    } finally {
      closeDatabase(db);
    }
  } catch (error) {
    // The check's verdict stands even when the database cannot be written (e.g. no DATA_DIR yet).
    console.warn(`(result not stored for /admin: ${(error as Error).message})`);
  }
}
