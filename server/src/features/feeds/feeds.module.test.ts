import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../db/database';
import { migrate } from '../../db/migrate';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
import { createLogger } from '../../lib/log';
import { createFeedsModule } from './feeds.module';

// The import job's schedule (docs/decisions/171): at start-up only when the stored feed is older than
// FEED_REFRESH_H, or comes from another source; then every FEED_REFRESH_H.

const HOUR = 3600_000;
const noCatalogue = {} as CatalogueLookup;
let db: Db;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pharmaradar-feeds-'));
  db = openDatabase(join(dir, 'test.db'));
  migrate(db);
});
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

function moduleAt(now: number, source: string) {
  return createFeedsModule({
    db,
    log: createLogger({ level: 'silent' }),
    now: () => now,
    env: {
      RETAILER_FEEDS: { newpharma: source },
      RETAILER_FEED_COLUMNS: {},
      FEED_REFRESH_H: 6,
      RETAILERS: ['farmaline', 'newpharma'],
      RETAILERS_MODE: 'live',
      PUBLIC_URL: 'https://pharmaradar.be',
    },
    catalogue: noCatalogue,
  });
}

describe('feed import job', () => {
  it('runs at start when no feed is stored, waits out the refresh when it is fresh, runs again once stale', async () => {
    const file = join(dir, 'feed.tsv');
    writeFileSync(file, 'id\ttitle\tprice\nA\tCrème\t4.20 EUR\n');
    const t0 = Date.UTC(2026, 10, 26, 8);
    const first = moduleAt(t0, file);
    expect(first.jobs.map((j) => [j.name, j.everyMs])).toEqual([['feed import newpharma', 6 * HOUR]]);
    expect(first.jobs[0]!.firstRunInMs!()).toBe(0);
    await first.jobs[0]!.run();
    expect(moduleAt(t0 + 2 * HOUR, file).jobs[0]!.firstRunInMs!()).toBe(4 * HOUR);
    expect(moduleAt(t0 + 7 * HOUR, file).jobs[0]!.firstRunInMs!()).toBe(0);
    // Another source: imported at once, whatever the stored feed's age.
    expect(moduleAt(t0 + HOUR, join(dir, 'other.tsv')).jobs[0]!.firstRunInMs!()).toBe(0);
  });

  it("puts the feed connector in place of the shop's page connector, in RETAILERS order", () => {
    const page = {
      id: 'farmaline',
      label: 'Farmaline',
      baseUrl: 'https://www.farmaline.be',
      languages: ['fr'],
    } as const;
    const connectors = moduleAt(Date.now(), '/srv/feeds/np.xml').connectors([
      { ...page, search: async () => [] },
      { ...page, id: 'newpharma', label: 'Newpharma pages', search: async () => [] },
    ]);
    expect(connectors.map((c) => [c.id, c.label, c.searchesByEan ?? false])).toEqual([
      ['farmaline', 'Farmaline', false],
      ['newpharma', 'Newpharma', true],
    ]);
  });
});
