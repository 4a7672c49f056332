import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readFeed } from '../../features/feeds/feed-parse/feed-reader';
import type { FeedItem } from '../../features/feeds/feed-parse/feed-item';
import { readJsonLdProducts } from './structured-data';

// One stock rule whoever states it: a shop's JSON-LD and its product feed read the same availability
// the same way. A pre-order cannot be delivered now, so it is out of stock from both (docs/decisions/195).

const jsonLdStock = (availability: string) =>
  readJsonLdProducts([
    { '@type': 'Product', name: 'Dafalgan', offers: { '@type': 'Offer', price: '3.59', availability } },
  ])[0]!.inStock;

async function feedStock(availability: string): Promise<boolean | null> {
  const tsv = `id\ttitle\tprice\tavailability\nP1\tDafalgan\t3.59 EUR\t${availability}\n`;
  const items: FeedItem[] = [];
  await readFeed(Readable.from([tsv]), { maxBytes: 1 << 20 }, (item) => items.push(item));
  return items[0]!.inStock;
}

describe('availability, from JSON-LD and from a feed', () => {
  it.each([
    ['https://schema.org/PreOrder', 'preorder', false],
    ['PreOrder', 'pre_order', false],
    ['https://schema.org/BackOrder', 'backorder', false],
    ['https://schema.org/OutOfStock', 'out of stock', false],
    ['https://schema.org/InStock', 'in stock', true],
    ['InStock', 'in_stock', true],
    ['https://schema.org/Discontinued', 'discontinued', false],
  ])('%s and a feed\'s "%s" are both in stock: %s', async (schemaOrg, feed, expected) => {
    expect(jsonLdStock(schemaOrg)).toBe(expected);
    expect(await feedStock(feed)).toBe(expected);
  });

  it('says nothing for a value it does not know, from either source', async () => {
    expect(jsonLdStock('https://schema.org/Maybe')).toBeNull();
    expect(await feedStock('ask us')).toBeNull();
  });
});
