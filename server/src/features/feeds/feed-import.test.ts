import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createLogger } from '../../lib/log';
import { FeedError, type FeedRefusal } from './feed-parse/feed-error';
import { createFeedImporter } from './feeds.module';
import { createFeedsRepository } from './feeds.repository';
import { rssFeed, startFeedServer, type FeedServer, type TestFeedItem } from './feeds.test-support';

// Imports on real SQLite from a loopback feed server or a file (docs/decisions/171): what is live after
// each attempt, and what the import records say.

const items = (n: number, price = '4.20 EUR'): TestFeedItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: `P${i}`, title: `Produit ${i}`, price }));

let db: Db;
let dir: string;
let feed: FeedServer | null = null;
const reports: string[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pharmaradar-feed-'));
  db = openDatabase(join(dir, 'test.db'));
  migrate(db);
  reports.length = 0;
});
afterEach(async () => {
  await feed?.close();
  feed = null;
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

function importer(columns: Record<string, string> = {}) {
  return createFeedImporter({
    repo: createFeedsRepository(db),
    log: createLogger({ level: 'silent' }),
    now: Date.now,
    env: { RETAILER_FEED_COLUMNS: columns, RETAILERS_MODE: 'demo', PUBLIC_URL: 'http://localhost:8080' },
    refused: (retailer, reason) => reports.push(`${retailer}: ${reason}`),
  });
}

const live = () =>
  db.prepare("SELECT item_id AS id, price_cents FROM feed_items WHERE retailer = 'newpharma' ORDER BY rowid").all();
const records = () =>
  db.prepare("SELECT outcome, refusal FROM feed_imports WHERE retailer = 'newpharma' ORDER BY id").all();

async function refusalOf(run: Promise<unknown>): Promise<FeedRefusal | 'imported'> {
  try {
    await run;
    return 'imported';
  } catch (error) {
    if (error instanceof FeedError) return error.refusal;
    throw error;
  }
}

describe('importFeed', () => {
  it('asks again with the ETag, and a 304 keeps the live items as they are', async () => {
    feed = await startFeedServer(rssFeed(items(3)));
    const importNow = importer();
    expect(await importNow('newpharma', `${feed.url}/feed.xml`)).toMatchObject({ outcome: 'imported', items: 3 });
    expect(await importNow('newpharma', `${feed.url}/feed.xml`)).toMatchObject({ outcome: 'unchanged' });
    expect(feed.statuses).toEqual([200, 304]);
    expect(feed.requests.filter((r) => r.url === '/feed.xml').map((r) => r.headers['if-none-match'])).toEqual([
      undefined,
      '"v1"',
    ]);
    feed.serve(rssFeed(items(3, '3.95 EUR')));
    expect(await importNow('newpharma', `${feed.url}/feed.xml`)).toMatchObject({ outcome: 'imported' });
    expect(live()).toEqual([0, 1, 2].map((i) => ({ id: `P${i}`, price_cents: 395 })));
    expect(records()).toEqual([
      { outcome: 'imported', refusal: null },
      { outcome: 'unchanged', refusal: null },
      { outcome: 'imported', refusal: null },
    ]);
  });

  it('refuses a truncated, an empty and a shrunk feed, keeping the previous one live and reporting it', async () => {
    feed = await startFeedServer(rssFeed(items(10)));
    const importNow = importer();
    const url = `${feed.url}/feed.xml`;
    await importNow('newpharma', url);
    const full = rssFeed(items(10, '1.00 EUR'));
    feed.serve(full.slice(0, full.length - 40));
    expect(await refusalOf(importNow('newpharma', url))).toBe('truncated');
    feed.serve(rssFeed([]));
    expect(await refusalOf(importNow('newpharma', url))).toBe('empty');
    feed.serve(rssFeed(items(4, '1.00 EUR')));
    expect(await refusalOf(importNow('newpharma', url))).toBe('shrunk');
    expect(live()).toEqual(items(10).map((i) => ({ id: i.id, price_cents: 420 })));
    expect(db.prepare('SELECT count(*) AS n FROM feed_items_staging').get()).toEqual({ n: 0 });
    expect(records().map((r) => (r as { refusal: string | null }).refusal)).toEqual([
      null,
      'truncated',
      'empty',
      'shrunk',
    ]);
    expect(reports).toHaveLength(3);
    expect(reports[2]).toMatch(/^newpharma: feed refused \(shrunk\): 4 items where the live feed has 10/);
    // Half of them is still a feed.
    feed.serve(rssFeed(items(5, '1.00 EUR')));
    expect(await refusalOf(importNow('newpharma', url))).toBe('imported');
    expect(live()).toHaveLength(5);
    // By hand, a shop that really halved its range is taken.
    feed.serve(rssFeed(items(2, '1.00 EUR')));
    expect(await refusalOf(importNow('newpharma', url, { allowShrink: true }))).toBe('imported');
    expect(live()).toHaveLength(2);
  });

  it('reads a file source, again only when the file changed, through its column map', async () => {
    const file = join(dir, 'feed.csv');
    const columns = join(dir, 'columns.json');
    writeFileSync(columns, JSON.stringify({ id: 'sku', title: 'name', price: 'amount' }));
    writeFileSync(file, 'sku;name;amount\nX1;Crème solaire;12,50\n');
    const importNow = importer({ newpharma: columns });
    expect(await importNow('newpharma', file)).toMatchObject({ outcome: 'imported', items: 1 });
    expect(await importNow('newpharma', file)).toMatchObject({ outcome: 'unchanged' });
    writeFileSync(file, 'sku;name;amount\nX1;Crème solaire;11,90\nX2;Après-soleil;8,00\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await importNow('newpharma', file)).toMatchObject({ outcome: 'imported', items: 2 });
    expect(live()).toEqual([
      { id: 'X1', price_cents: 1190 },
      { id: 'X2', price_cents: 800 },
    ]);
    writeFileSync(columns, '{"sku": "id"}');
    expect(await refusalOf(importNow('newpharma', file, { force: true }))).toBe('malformed');
  });
});
