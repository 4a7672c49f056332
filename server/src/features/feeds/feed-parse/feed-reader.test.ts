import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ColumnMap } from './feed-delimited';
import { FeedError, type FeedRefusal } from './feed-error';
import type { FeedItem } from './feed-item';
import { DAFALGAN_EFFERVESCENT, DAFALGAN_INSTANT } from './feed-fixtures.test-support';
import { readFeed } from './feed-reader';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const MB = 1024 * 1024;

/** Feeds the bytes in small chunks, so items and multi-byte characters straddle chunk ends. */
async function read(bytes: Buffer | string, columns?: ColumnMap, maxBytes = MB) {
  const buf = Buffer.from(bytes);
  const chunks: Buffer[] = [];
  for (let i = 0; i < buf.length; i += 7) chunks.push(buf.subarray(i, i + 7));
  const items: FeedItem[] = [];
  const summary = await readFeed(Readable.from(chunks), { maxBytes, ...(columns ? { columns } : {}) }, (item) =>
    items.push(item),
  );
  return { items, summary };
}

async function refusal(bytes: Buffer | string, columns?: ColumnMap, maxBytes = MB): Promise<FeedRefusal | 'read'> {
  try {
    await read(bytes, columns, maxBytes);
    return 'read';
  } catch (error) {
    if (error instanceof FeedError) return error.refusal;
    throw error;
  }
}

describe('readFeed', () => {
  it('reads Google RSS 2.0 by the namespace URI, sale price winning only below the price', async () => {
    const { items, summary } = await read(fixture('google-rss.xml'));
    expect(summary).toMatchObject({ format: 'xml', items: 2, skipped: 1 });
    expect(items).toEqual([
      {
        id: 'NP-1567080',
        title: 'Dafalgan Forte 1 g 40 comprimés',
        brand: 'Dafalgan',
        gtin: '5428251188707',
        cnk: null,
        price: 6.85,
        wasPrice: 7.49,
        // No sale_price_effective_date: the sale holds whenever the feed is read.
        saleFrom: null,
        saleUntil: null,
        inStock: true,
        link: 'https://shop.example.be/dafalgan-forte-1g-40.html',
        image: 'https://shop.example.be/img/dafalgan-forte.jpg',
      },
      expect.objectContaining(DAFALGAN_EFFERVESCENT),
    ]);
  });

  it('reads Atom with g: as the default namespace and the link from href', async () => {
    const { items } = await read(fixture('google-atom.xml'));
    expect(items).toEqual([expect.objectContaining(DAFALGAN_INSTANT)]);
  });

  it('reads Google TSV by its header, leaving out an item without a price', async () => {
    const { items, summary } = await read(fixture('google.tsv'));
    expect(summary).toMatchObject({ format: 'delimited', items: 1, skipped: 1 });
    expect(items[0]).toMatchObject({ id: 'NP-2322162', price: 3.59, gtin: '5426658902155', inStock: true });
  });

  it('reads an affiliate CSV through its column map (quotes, CRLF, decimal commas)', async () => {
    const columns = JSON.parse(fixture('awin-columns.json').toString()) as ColumnMap;
    const { items } = await read(fixture('awin.csv'), columns);
    expect(items.map((i) => [i.id, i.title, i.price, i.inStock, i.gtin])).toEqual([
      ['1001', 'Dafalgan Forte 1 g 40 comprimés', 6.85, true, '5428251188707'],
      ['1002', 'Dafalgan 500 mg 30 comprimés', 3.59, false, '5426658902155'],
    ]);
    expect(items[0]!.link).toBe('https://www.awin1.example/pclick.php?p=1001&a=1');
    // Without the map its columns are not Google's: refused as malformed, not read as nothing.
    expect(await refusal(fixture('awin.csv'))).toBe('malformed');
  });

  it('reads RFC 4180 quoting in TSV and CSV across chunks: tabs, line breaks and doubled quotes in a cell', async () => {
    const tsv =
      '\uFEFFid\ttitle\tprice\r\n' +
      '1\t"Dafalgan\t""Forte""\r\n1 g"\t6.85 EUR\r\n' +
      '\r\n' +
      '2\tNurofen 200 mg\t4.10 EUR';
    expect((await read(tsv)).items.map((i) => [i.id, i.title, i.price])).toEqual([
      ['1', 'Dafalgan "Forte" 1 g', 6.85],
      ['2', 'Nurofen 200 mg', 4.1],
    ]);
    const csv = 'id;title;price\r"3";"Isobetadine; 125 ml";"5,20 EUR"\r';
    expect((await read(csv)).items.map((i) => [i.id, i.title, i.price])).toEqual([['3', 'Isobetadine; 125 ml', 5.2]]);
    // (A title's tabs and line breaks read as spaces.) The line named in a refusal counts the line breaks inside quoted cells.
    await expect(read('id,title,price\n1,"a\nb",1 EUR\n2,c\n')).rejects.toThrow(/^line 4: 2 cells/);
  });

  it('refuses a truncated feed: XML cut inside an item, CSV cut inside a row or a quoted cell', async () => {
    const rss = fixture('google-rss.xml').toString();
    expect(await refusal(rss.slice(0, rss.indexOf('</item>') + 20))).toBe('truncated');
    expect(await refusal(rss.slice(0, rss.lastIndexOf('</rss>')))).toBe('truncated');
    const tsv = fixture('google.tsv').toString();
    expect(await refusal(tsv.slice(0, tsv.indexOf('in stock')))).toBe('truncated');
    expect(await refusal('id,title,price\n1,"Dafalgan, 30 comp')).toBe('truncated');
  });

  it('refuses a malformed, empty, foreign or oversized feed', async () => {
    expect(await refusal('<rss version="2.0"><channel><item><title>x</titel></item></channel></rss>')).toBe(
      'malformed',
    );
    expect(await refusal('<html><body>Just a moment...</body></html>')).toBe('malformed');
    expect(await refusal('id\ttitle\tprice\n1\tDafalgan\t3.59 EUR\textra\n')).toBe('malformed');
    expect(await refusal('')).toBe('empty');
    expect(await refusal('id\ttitle\tprice\n')).toBe('empty');
    expect(await refusal('<rss version="2.0"><channel></channel></rss>')).toBe('empty');
    expect(await refusal(fixture('google-rss.xml'), undefined, 500)).toBe('too_large');
  });

  it('streams 100,000 items without keeping them', async () => {
    function* lines() {
      yield 'id\ttitle\tprice\tgtin\n';
      for (let i = 0; i < 100_000; i++) yield `P${i}\tProduct ${i}\t${(i % 90) + 1}.50 EUR\t\n`;
    }
    let count = 0;
    const summary = await readFeed(Readable.from(lines()), { maxBytes: 64 * MB }, () => count++);
    expect(summary.items).toBe(100_000);
    expect(count).toBe(100_000);
  });
});
