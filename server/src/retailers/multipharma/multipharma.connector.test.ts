import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../../test/fakes/http-server';
import { catalogueOf, type CnkCatalogue } from '../lib/cnk-catalogue';
import { fixture } from '../lib/fixture';
import { createConnectors } from '../registry';

// A loopback Multipharma answering every search with the JSON-LD fixture (four magnesium products,
// none showing CNK 3720083), and a name search for "Magnésium Marin" with one tile.
let shop: LoopbackServer | undefined;
afterEach(() => shop?.close());

async function multipharma(catalogue?: CnkCatalogue) {
  shop = await startLoopbackServer((req, res) => {
    const q = new URL(req.url!, 'http://x').searchParams.get('q') ?? '';
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    const html = /^\d+$/.test(q)
      ? fixture('multipharma', 'search-jsonld.html')
      : fixture('multipharma', 'search-several.html').replace(
          /Magnésium B6 60 comprimés/g,
          'Magnésium Marin 120 gélules',
        );
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return createConnectors({
    ids: ['multipharma'],
    baseUrls: { multipharma: shop.url },
    timeoutMs: 2000,
    allowPrivateHosts: true,
    ...(catalogue ? { catalogue } : {}),
  })[0]!;
}
const searched = () =>
  shop!.requests.filter((r) => r.url !== '/robots.txt').map((r) => new URL(r.url!, 'http://x').searchParams.get('q'));
const cnk = (value: string) => ({ kind: 'cnk' as const, value });

describe('Multipharma CNK search', () => {
  it('keeps the offer whose page shows the CNK (a GTIN the catalogue files under it), nothing else', async () => {
    const connector = await multipharma(catalogueOf([{ cnk: '4505541', gtin: '5412345678908' }]));
    const offers = await connector.search(cnk('4505541'), new AbortController().signal);
    expect(offers).toEqual([expect.objectContaining({ cnk: '4505541', price: 10.49 })]);
    expect(offers[0]).not.toHaveProperty('matchedBy');
    expect(searched()).toEqual(['4505541']);
  });

  it('without a verified CNK it answers the candidates marked matchedBy name, not "no results"', async () => {
    const connector = await multipharma();
    const offers = await connector.search(cnk('3720083'), new AbortController().signal);
    // sku/data-pid 3720083 is not taken as the CNK; offers showing another CNK are other products
    expect(offers.map((o) => [o.name, o.cnk, o.matchedBy])).toEqual([
      ['Etixx Magnesium 2000 AA 30 comprimés effervescents', null, 'name'],
      ['Magnésium Marin 120 gélules', null, 'name'],
    ]);
  });

  it('with the official name known, it searches that name and marks the offers matchedBy name', async () => {
    const connector = await multipharma(catalogueOf([{ cnk: '3720083', name: 'Magnésium Marin 120 gélules' }]));
    const offers = await connector.search(cnk('3720083'), new AbortController().signal);
    expect(searched()).toEqual(['3720083', 'Magnésium Marin 120 gélules']);
    expect(offers.find((o) => o.name === 'Magnésium Marin 120 gélules')).toMatchObject({
      cnk: null,
      price: 8.75,
      matchedBy: 'name',
    });
    expect(offers.every((o) => o.matchedBy === 'name' && o.cnk === null)).toBe(true);
  });
});
