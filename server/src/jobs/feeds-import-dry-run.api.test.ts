import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../db/database';
import { DATABASE_FILE_NAME } from '../db/cli-database';
import { migrate } from '../db/migrate';
import { DAFALGAN_EFFERVESCENT } from '../features/feeds/feed-parse/feed-fixtures.test-support';
import { rssFeed, startFeedServer, type FeedServer } from '../features/feeds/feeds.test-support';

// `npm run feeds:import -- <shop> <source> --dry-run` reads a feed, for a shop not configured yet too,
// prints what would be imported and what would be left out, and stores nothing.

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./feeds-import.cli.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../features/feeds/feed-parse/fixtures/', import.meta.url));

let dataDir: string;
let feed: FeedServer | null = null;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'pharmaradar-dry-run-'));
});
afterEach(async () => {
  await feed?.close();
  feed = null;
  rmSync(dataDir, { recursive: true, force: true });
});

async function dryRun(shop: string, source: string) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, shop, source, '--dry-run'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RETAILERS_MODE: 'demo' },
  });
  return JSON.parse(stdout) as unknown;
}

/** The database's files in DATA_DIR (its -wal and -shm too); the environment's own secret.key aside. */
const databaseFiles = () =>
  readdirSync(dataDir)
    .filter((f) => f.startsWith(DATABASE_FILE_NAME))
    .sort();
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('npm run feeds:import -- --dry-run', () => {
  // Each run starts a Node process with tsx: seconds on a loaded machine, hence the long limits.
  it(
    'prints a file feed of a shop not configured, items and refusals, and creates no database',
    { timeout: 120_000 },
    async () => {
      const file = join(dataDir, 'feed.xml');
      copyFileSync(join(FIXTURES, 'google-rss.xml'), file);
      expect(await dryRun('pharmacie-z', file)).toEqual({
        items: [
          {
            id: 'NP-1567080',
            title: 'Dafalgan Forte 1 g 40 comprimés',
            price: 6.85,
            wasPrice: 7.49,
            inStock: true,
            gtin: '5428251188707',
            cnk: null,
            url: 'https://shop.example.be/dafalgan-forte-1g-40.html',
          },
          {
            ...DAFALGAN_EFFERVESCENT,
            cnk: null,
            url: 'https://shop.example.be/dafalgan-500-eff-20.html',
          },
        ],
        refused: [{ id: 'NP-USD', reason: 'the price "4.00 USD" is not an amount in euros' }],
      });
      expect(databaseFiles()).toEqual([]);
    },
  );

  it('reads a URL feed and leaves the database as it was, byte for byte', { timeout: 120_000 }, async () => {
    const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
    migrate(db);
    closeDatabase(db);
    const before = databaseFiles();
    const hash = digest(join(dataDir, DATABASE_FILE_NAME));
    feed = await startFeedServer(
      rssFeed([
        { id: 'Z1', title: 'Qwarzil gel douche 250 ml', price: '6.40 EUR', availability: 'preorder' },
        { id: 'Z2', title: 'Qwarzil crème 50 ml', price: '24.99USD' },
      ]),
    );
    expect(await dryRun('pharmacie-z', `${feed.url}/feed.xml`)).toEqual({
      items: [
        {
          id: 'Z1',
          title: 'Qwarzil gel douche 250 ml',
          price: 6.4,
          wasPrice: null,
          inStock: false,
          gtin: null,
          cnk: null,
          url: 'https://shop.example.be/p/Z1',
        },
      ],
      refused: [{ id: 'Z2', reason: 'the price "24.99USD" is not an amount in euros' }],
    });
    expect(feed.statuses).toEqual([200]);
    expect(databaseFiles()).toEqual(before);
    expect(digest(join(dataDir, DATABASE_FILE_NAME))).toBe(hash);
  });
});
