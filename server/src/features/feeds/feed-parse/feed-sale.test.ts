import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from './feed-item';
import { readFeed } from './feed-reader';
import { priceAt } from './feed-sale';

// A sale price applies only inside its sale_price_effective_date; outside it the regular price shows,
// with no was-price. A window we cannot read leaves the sale out (a guess: see feed-item.ts).

async function saleFeed(): Promise<Map<string, FeedItem>> {
  const items: FeedItem[] = [];
  const bytes = readFileSync(join(import.meta.dirname, 'fixtures', 'google-sale-dates.xml'));
  await readFeed(Readable.from([bytes]), { maxBytes: 1 << 20 }, (item) => items.push(item));
  return new Map(items.map((i) => [i.id, i]));
}

const at = (iso: string) => Date.parse(iso);

describe('sale_price_effective_date', () => {
  it.each([
    // Brussels time (+01:00): the sale runs from 1 November 00:00 to 30 November 23:59.
    ['NOVEMBER', '2026-10-31T22:59Z', 7.49, null],
    ['NOVEMBER', '2026-10-31T23:00Z', 6.85, 7.49],
    ['NOVEMBER', '2026-11-30T22:59Z', 6.85, 7.49],
    ['NOVEMBER', '2026-11-30T23:00Z', 7.49, null],
    ['NOVEMBER', '2027-03-01T12:00Z', 7.49, null],
    // Google's own example form, an offset without a colon (-0800).
    ['GOOGLE-EXAMPLE', '2026-11-20T20:59Z', 5.2, null],
    ['GOOGLE-EXAMPLE', '2026-11-20T21:00Z', 4.5, 5.2],
    ['GOOGLE-EXAMPLE', '2026-11-24T23:31Z', 5.2, null],
    // Days only (a guess): the whole of both days, in UTC.
    ['DAYS-ONLY', '2026-11-09T23:59Z', 8.95, null],
    ['DAYS-ONLY', '2026-11-10T00:00Z', 7.95, 8.95],
    ['DAYS-ONLY', '2026-11-12T23:59Z', 7.95, 8.95],
    ['DAYS-ONLY', '2026-11-13T00:00Z', 8.95, null],
    // No window: the sale holds whenever the feed is read, as Google reads it.
    ['NO-WINDOW', '2030-01-01T00:00Z', 6.5, 7.1],
    // An unreadable window: the regular price, never the sale's.
    ['UNREADABLE', '2026-11-15T12:00Z', 9.99, null],
  ])('%s at %s: %d (was %s)', async (id, now, price, wasPrice) => {
    const item = (await saleFeed()).get(id)!;
    expect(priceAt(item, at(now))).toEqual({ price, wasPrice });
  });

  it('leaves the sale out of an item whose window is unreadable or ends before it starts', async () => {
    expect((await saleFeed()).get('UNREADABLE')).toMatchObject({ price: 9.99, wasPrice: null });
    const tsv = (window: string) =>
      `id\ttitle\tprice\tsale_price\tsale_price_effective_date\nP\tDafalgan\t7.49 EUR\t6.85 EUR\t${window}\n`;
    for (const window of [
      '2026-11-30T23:59+01:00/2026-11-01T00:00+01:00',
      '2026-11-01T00:00+01:00',
      '2026-11-01T00:00+01:00/2026-11-30T23:59+01:00/2026-12-01',
      '2026-02-30T00:00Z/2026-03-01T00:00Z',
      '2026-11-01T25:00Z/2026-11-30T00:00Z',
      '1 November/30 November',
    ]) {
      const items: FeedItem[] = [];
      await readFeed(Readable.from([tsv(window)]), { maxBytes: 1 << 20 }, (i) => items.push(i));
      expect([window, items[0]!.price, items[0]!.wasPrice]).toEqual([window, 7.49, null]);
    }
  });
});
