import { resolve } from 'node:path';
import { loadEnvOrExit } from '../config/env';
import { closeDatabase } from '../db/database';
import { openCliDatabase } from '../db/cli-database';
import { createLogger } from '../lib/log';
import { CatalogueImportError, importExport } from '../features/catalogue/catalogue-import/catalogue-import';
import { deliveryModeTable } from '../features/catalogue/catalogue-import/delivery-mode-table';
import { ExportSourceError, openExportSource } from '../features/catalogue/catalogue-import/sam-members';
import { createCatalogueRepository } from '../features/catalogue/catalogue.repository';
import { brusselsDay } from '../features/catalogue/catalogue.service';
import { readCliArgs } from './cli-args';

const USAGE =
  'usage: npm run catalogue:import -- <SAM full export .zip or unzipped folder> [--date YYYY-MM-DD] ' +
  '[--allow-shrink] [--accept-no-otc]';

/** `npm run catalogue:import <zip|folder> [--date D]`: imports the export and swaps it in, or changes nothing. */
async function main(args: string[]): Promise<number> {
  // --allow-shrink: the export really lost more than half of the live packs; --accept-no-otc: no pack
  // really is free delivery (ADR 197). The weekly update never passes either.
  const { values, positionals: paths } = readCliArgs(args, {
    usage: USAGE,
    options: {
      date: { type: 'string' },
      'allow-shrink': { type: 'boolean' },
      'accept-no-otc': { type: 'boolean' },
    },
    positionals: [1, 1],
  });
  const date = values.date ?? brusselsDay(Date.now());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const db = openCliDatabase(env, { migrateWith: log });
  try {
    // npm runs workspace scripts in server/: a relative path is the caller's, which npm keeps in INIT_CWD.
    const source = await openExportSource(resolve(process.env.INIT_CWD ?? process.cwd(), paths[0]!));
    const outcome = await importExport(createCatalogueRepository(db), source, {
      referenceDate: date,
      now: Date.now,
      log,
      allowShrink: values['allow-shrink'] === true,
      acceptNoOtc: values['accept-no-otc'] === true,
    });
    for (const line of deliveryModeTable(outcome.deliveryModes)) console.log(line);
    const c = outcome.counts;
    console.log(
      `Imported SAM export ${outcome.version ?? '(no version)'} for ${date} in ${(outcome.ms / 1000).toFixed(1)} s: ` +
        `${c.packs} public packs (${c.prescription} prescription-only), ${c.gtins} GTINs, ${c.vmps} VMPs, ` +
        `${c.nonmedicinal} non-medicinal products, ${c.dataErrors} data errors skipped.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof CatalogueImportError) && !(error instanceof ExportSourceError)) throw error;
    if (error instanceof CatalogueImportError && error.deliveryModes) {
      for (const line of deliveryModeTable(error.deliveryModes)) console.error(line);
    }
    console.error(`Import refused: ${error.message}`);
    console.error('The previous catalogue is unchanged.');
    return 1;
  } finally {
    closeDatabase(db);
  }
}

process.exitCode = await main(process.argv.slice(2));
