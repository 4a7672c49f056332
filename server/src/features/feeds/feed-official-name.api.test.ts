import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema, type SearchResult } from '@pharmaradar/shared/search.schema';
import { getDemoCatalogue } from '../../demo/catalogue';
import type { TestServer } from '../../../test/helpers/test-server';
import { rssFeed, startFeedServer, type FeedServer, startServerWithFeedShop } from './feeds.test-support';

// A feed is written by a shop or an affiliate network, not by us: when the official catalogue knows
// an item's GTIN, the catalogue's name is the product's, shown and searched; the feed's title stays
// the offer's own text and never puts the pack into another medicine's results. A price that is not
// a plain decimal amount is refused, never read as another amount.

const medicines = getDemoCatalogue().filter((p) => p.medicine && !p.prescription && p.ean);
const firstWord = (name: string) => name.split(' ')[0]!.toLowerCase();
/** Pack A, whose GTIN the hostile item carries. */
const packA = medicines[0]!;
/** Pack B, whose name the hostile item takes (a medicine whose name shares no first word with A's). */
const packB = medicines.find(
  (p) => firstWord(p.name.fr) !== firstWord(packA.name.fr) && !p.name.fr.includes(packA.brand),
)!;
/** Pack C, offered at an exponent "price". */
const packC = medicines.find((p) => p !== packA && p !== packB)!;

describe('a feed item under another medicine’s name', () => {
  let feed: FeedServer;
  let server: TestServer;
  const search = async (q: string, lang = 'fr'): Promise<SearchResult> => {
    const res = await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}&lang=${lang}`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    return searchResultSchema.parse(await res.json());
  };

  beforeAll(async () => {
    feed = await startFeedServer(
      rssFeed([
        { id: 'HOSTILE', title: packB.name.fr, price: '0.50 EUR', gtin: packA.ean },
        { id: 'EXPONENT', title: packC.name.fr, price: '1e308 EUR', gtin: packC.ean },
      ]),
    );
    server = await startServerWithFeedShop(feed);
  });
  afterAll(async () => {
    await server?.close();
    await feed?.close();
  });

  it("does not put pack A into a search for B's name", async () => {
    const result = await search(packB.name.fr);
    expect(result.products.some((p) => p.cnk === packA.cnk)).toBe(false);
    expect(result.products.flatMap((p) => p.offers).some((o) => o.retailer === 'pharmacie-x')).toBe(false);
  });

  it("finds pack A's feed offer under A's official name, the feed's title kept as the offer's text", async () => {
    for (const query of [packA.cnk, packA.ean]) {
      const product = (await search(query)).products.find((p) => p.cnk === packA.cnk);
      expect(product?.official?.name).toBeTruthy();
      expect(product?.name).toBe(packA.name.fr);
      const offer = product?.offers.find((o) => o.retailer === 'pharmacie-x');
      expect(offer?.price).toBe(0.5);
      expect(offer?.name).toBe(packB.name.fr);
    }
    const inDutch = (await search(packA.cnk, 'nl')).products.find((p) => p.cnk === packA.cnk);
    expect(inDutch?.name).toBe(packA.name.nl);
  });

  it('refuses a price written with an exponent, and reports the item skipped', async () => {
    const product = (await search(packC.cnk)).products.find((p) => p.cnk === packC.cnk);
    expect(product?.offers.some((o) => o.retailer === 'pharmacie-x') ?? false).toBe(false);
    const last = server.db
      .prepare("SELECT items, skipped FROM feed_imports WHERE retailer = 'pharmacie-x' ORDER BY id DESC LIMIT 1")
      .get() as { items: number; skipped: number };
    expect(last).toEqual({ items: 1, skipped: 1 });
  });
});
