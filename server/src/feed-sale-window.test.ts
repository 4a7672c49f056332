import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from './db/database';
import { migrate } from './db/migrate';
import { createLogger } from './lib/log';
import { createCatalogueRepository } from './features/catalogue/catalogue.repository';
import { createCatalogueLookup } from './features/catalogue/catalogue.service';
import { createFeedsModule } from './features/feeds/feeds.module';

// (Here rather than in features/feeds: it reads the feed's items with the real official catalogue.)
// A stored feed answers searches for hours after its import: a sale shows only while its
// sale_price_effective_date holds at the time of the answer, whenever the feed was imported.

let db: Db;
let dir: string;
let clock = 0;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pharmaradar-feed-sale-'));
  db = openDatabase(join(dir, 'test.db'));
  migrate(db);
});
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

/** The fixture's feed, imported at `importedAt`, and the shop's connector reading the store. */
async function storedFeed(importedAt: string) {
  const file = join(dir, 'feed.xml');
  copyFileSync(join(import.meta.dirname, 'features', 'feeds', 'feed-parse', 'fixtures', 'google-sale-dates.xml'), file);
  clock = Date.parse(importedAt);
  const feeds = createFeedsModule({
    db,
    log: createLogger({ level: 'silent' }),
    now: () => clock,
    env: {
      RETAILER_FEEDS: { newpharma: file },
      RETAILER_FEED_COLUMNS: {},
      FEED_REFRESH_H: 6,
      RETAILERS: ['newpharma'],
      RETAILERS_MODE: 'live',
      PUBLIC_URL: 'https://pharmaradar.be',
    },
    catalogue: createCatalogueLookup(createCatalogueRepository(db)),
  });
  await feeds.jobs[0]!.run();
  const [connector] = feeds.connectors([]);
  /** The offer of the NOVEMBER item (sale from 1 to 30 November 2026, Brussels time) at `iso`. */
  return async (iso: string) => {
    clock = Date.parse(iso);
    const [offer] = await connector!.search({ kind: 'ean', value: '5428251188707' }, new AbortController().signal);
    return { price: offer!.price, wasPrice: offer!.wasPrice ?? null };
  };
}

describe('a stored sale price', () => {
  it('shows from its start to its end, the regular price before and after, whenever imported', async () => {
    // Imported before the sale starts: the sale begins on its own on 1 November.
    const before = await storedFeed('2026-10-20T10:00Z');
    expect(await before('2026-10-25T10:00Z')).toEqual({ price: 7.49, wasPrice: null });
    expect(await before('2026-11-01T10:00Z')).toEqual({ price: 6.85, wasPrice: 7.49 });
    // Imported during the sale, answered after its end (no import since): the regular price, no was-price.
    const during = await storedFeed('2026-11-29T10:00Z');
    expect(await during('2026-11-29T12:00Z')).toEqual({ price: 6.85, wasPrice: 7.49 });
    expect(await during('2026-12-01T08:00Z')).toEqual({ price: 7.49, wasPrice: null });
    // Imported after the sale ended.
    const after = await storedFeed('2026-12-05T10:00Z');
    expect(await after('2026-12-05T10:00Z')).toEqual({ price: 7.49, wasPrice: null });
  });
});
