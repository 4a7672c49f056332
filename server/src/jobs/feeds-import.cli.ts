import { isAbsolute, resolve } from 'node:path';
import { loadEnvOrExit, type Env } from '../config/env';
import { closeDatabase } from '../db/database';
import { openCliDatabase } from '../db/cli-database';
import { createLogger } from '../lib/log';
import { FeedError } from '../features/feeds/feed-parse/feed-error';
import { dryRunFeed } from '../features/feeds/feed-dry-run';
import { createFeedImporter, feedFetcherFor } from '../features/feeds/feeds.module';
import { createFeedsRepository } from '../features/feeds/feeds.repository';
import { SHOP_ID_PATTERN } from '../retailers/types';
import { readCliArgs } from './cli-args';

const USAGE = 'usage: npm run feeds:import -- <retailer> <feed file or https URL> [--allow-shrink | --dry-run]';

/** `npm run feeds:import <retailer> <file|url>`: imports the feed now and swaps it in, or changes nothing. */
async function main(args: string[]): Promise<number> {
  // --allow-shrink: the shop really lost more than half of its range (ADR 171).
  const { values, positionals } = readCliArgs(args, {
    usage: USAGE,
    options: { 'allow-shrink': { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
    positionals: [2, 2],
  });
  const allowShrink = values['allow-shrink'] === true;
  const [retailer = '', given = ''] = positionals;
  if (!SHOP_ID_PATTERN.test(retailer)) {
    console.error(USAGE);
    return 2;
  }
  // npm runs workspace scripts in server/: a relative path is the caller's, which npm keeps in INIT_CWD.
  const source = /^https?:\/\//.test(given)
    ? given
    : isAbsolute(given)
      ? given
      : resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const env = loadEnvOrExit();
  // --dry-run: the feed read, nothing stored, the database not even opened (the shop need not be configured).
  if (values['dry-run'] === true) return dryRun(env, retailer, source);
  const log = createLogger({ level: env.LOG_LEVEL });
  const db = openCliDatabase(env, { migrateWith: log });
  try {
    const importNow = createFeedImporter({ repo: createFeedsRepository(db), log, now: Date.now, env });
    const outcome = await importNow(retailer, source, { force: true, allowShrink });
    if (outcome.outcome === 'imported') {
      console.log(
        `Imported ${outcome.items} items of ${retailer}'s feed in ${(outcome.ms / 1000).toFixed(1)} s ` +
          `(${outcome.skipped} left out: no id, title or price in euros).`,
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    console.error(`Feed refused (${error.refusal}): ${error.message}`);
    console.error(`The previous feed of ${retailer} is unchanged.`);
    return 1;
  } finally {
    closeDatabase(db);
  }
}

/** Prints on stdout, as JSON, the items the feed would import and those it would leave out, with why. */
async function dryRun(env: Env, retailer: string, source: string): Promise<number> {
  try {
    const columnsFile = env.RETAILER_FEED_COLUMNS[retailer];
    const report = await dryRunFeed({ fetcherFor: feedFetcherFor(env), now: Date.now }, source, columnsFile);
    console.log(JSON.stringify(report, null, 2));
    return 0;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    console.error(`Feed refused (${error.refusal}): ${error.message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
