import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from './feed-item';
import { DAFALGAN_INSTANT } from './feed-fixtures.test-support';
import { readFeed } from './feed-reader';

// The feeds as the tools that write them write them: Google's current TSV template, RSS 1.0 and
// Atom 0.3 (still documented by Google), a currency glued to the amount.

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

async function read(bytes: Buffer | string) {
  const buf = Buffer.from(bytes);
  const chunks: Buffer[] = [];
  for (let i = 0; i < buf.length; i += 5) chunks.push(buf.subarray(i, i + 5));
  const items: FeedItem[] = [];
  const refused: Array<{ id: string | null; reason: string }> = [];
  await readFeed(Readable.from(chunks), { maxBytes: 1 << 20, onRefused: (r) => refused.push(r) }, (item) =>
    items.push(item),
  );
  return { items, refused };
}

describe('Google tab-separated headers', () => {
  it('reads the current template, whose headers name the attribute in brackets ("Title [title]")', async () => {
    const { items } = await read(fixture('google-template.tsv'));
    expect(items.map((i) => [i.id, i.title, i.price, i.wasPrice, i.inStock, i.gtin, i.image])).toEqual([
      [
        'NP-1567080',
        'Dafalgan Forte 1 g 40 comprimés',
        6.85,
        7.49,
        true,
        '5428251188707',
        'https://shop.example.be/img/1567080.jpg',
      ],
      [
        'NP-2322162',
        'Dafalgan 500 mg 30 comprimés',
        3.59,
        null,
        false,
        '5426658902155',
        'https://shop.example.be/img/2322162.jpg',
      ],
    ]);
    // The template's effective date was read: the sale holds for November 2026 only.
    expect(items[0]).toMatchObject({
      saleFrom: Date.parse('2026-10-31T23:00Z'),
      saleUntil: Date.parse('2026-11-30T22:59Z'),
    });
  });

  it('reads a space for an underscore, a g: prefix and any case', async () => {
    const tsv =
      'ID\tTITLE\tg:Price\timage link\tSale Price\tG:Availability\nP1\tDafalgan\t3.59 EUR\thttps://shop.example.be/1.jpg\t3.19 EUR\tin stock\n';
    expect((await read(tsv)).items[0]).toMatchObject({
      id: 'P1',
      price: 3.19,
      wasPrice: 3.59,
      image: 'https://shop.example.be/1.jpg',
      inStock: true,
    });
  });
});

describe('Google XML formats besides RSS 2.0 and Atom 1.0', () => {
  it('reads RSS 1.0 (rdf:RDF root, items beside the channel)', async () => {
    expect((await read(fixture('rss1.rdf'))).items).toEqual([expect.objectContaining(DAFALGAN_INSTANT)]);
  });

  it('reads Atom 0.3 (namespace http://purl.org/atom/ns#), the link from href', async () => {
    expect((await read(fixture('google-atom03.xml'))).items).toEqual([
      expect.objectContaining({
        id: 'NP-1418029',
        title: 'Isobetadine Dermicum 125 ml',
        link: 'https://shop.example.be/p/1418029',
        price: 8.95,
        inStock: false,
      }),
    ]);
  });
});

describe('a currency glued to the amount', () => {
  it('reads EUR glued on either side and refuses any other currency, saying why', async () => {
    const tsv = [
      'id\ttitle\tprice\tsale_price',
      'A\tDafalgan\t24.99EUR\t',
      'B\tNurofen\tEUR24.99\tEUR19.99',
      'C\tSinutab\t24.99USD\t',
      'D\tStrepsils\tUSD24.99\t',
      'E\tIsobetadine\t24.99 GBP\t',
      'F\tMotilium\t24.99EUR\t19.99USD',
      '',
    ].join('\n');
    const { items, refused } = await read(tsv);
    expect(items.map((i) => [i.id, i.price, i.wasPrice])).toEqual([
      ['A', 24.99, null],
      ['B', 19.99, 24.99],
      // A sale price in another currency is not a sale.
      ['F', 24.99, null],
    ]);
    expect(refused).toEqual([
      { id: 'C', reason: 'the price "24.99USD" is not an amount in euros' },
      { id: 'D', reason: 'the price "USD24.99" is not an amount in euros' },
      { id: 'E', reason: 'the price "24.99 GBP" is not an amount in euros' },
    ]);
  });
});
