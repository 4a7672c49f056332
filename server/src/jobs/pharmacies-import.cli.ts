import { resolve } from 'node:path';
import { loadEnvOrExit } from '../config/env';
import { closeDatabase } from '../db/database';
import { openCliDatabase } from '../db/cli-database';
import { createLogger } from '../lib/log';
import { applyImport, ImportFileError, readImportFile } from '../features/pharmacies/import/pharmacies-import';
import { readCliArgs } from './cli-args';

const USAGE = 'usage: npm run pharmacies:import -- <file.xlsx|file.csv|file.geojson|file.json> [--skip-bad]';

/** `npm run pharmacies:import <file>`: replaces the pharmacies table and prints what changed. */
function main(args: string[]): number {
  const { values, positionals: files } = readCliArgs(args, {
    usage: USAGE,
    options: { 'skip-bad': { type: 'boolean' } },
    positionals: [1, 1],
  });
  const skipBad = values['skip-bad'] === true;
  const env = loadEnvOrExit();
  let parsed;
  try {
    // npm runs workspace scripts in server/: a relative path is the caller's, which npm keeps in INIT_CWD.
    parsed = readImportFile(resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!));
  } catch (error) {
    if (!(error instanceof ImportFileError) && !(error instanceof Error && 'code' in error)) throw error;
    console.error(error.message);
    return 1;
  }
  const db = openCliDatabase(env, { migrateWith: createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT }) });
  try {
    const outcome = applyImport(db, parsed, { skipBad, now: Date.now() });
    const badRows = outcome.status === 'refused' ? outcome.bad : outcome.skipped;
    for (const bad of badRows) console.error(`bad row ${bad.row}: ${bad.reason}`);
    if (outcome.status === 'refused') {
      console.error(`Import refused (${parsed.format}): ${badRows.length} bad row(s); nothing was changed.`);
      if (parsed.records.length > 0) console.error('Fix them, or run again with --skip-bad to leave them out.');
      return 1;
    }
    const { added, removed, changed, unchanged } = outcome.diff;
    console.log(
      `Imported ${outcome.total} pharmacies (${parsed.format}): ${added} added, ${removed} removed, ` +
        `${changed} changed, ${unchanged} unchanged${badRows.length ? `, ${badRows.length} bad row(s) skipped` : ''}.`,
    );
    return 0;
  } finally {
    closeDatabase(db);
  }
}

process.exitCode = main(process.argv.slice(2));
