import { describe, expect, it } from 'vitest';
import { getDemoCatalogue } from '../../demo/catalogue';
import { renderMultipharmaProduct, renderMultipharmaSearch } from '../../demo/sites/multipharma.pages';
import { failureOf, fixture } from '../lib/fixture';
import { catalogueOf } from '../lib/cnk-catalogue';
import { parseSearchPage } from './multipharma.parse';

const BASE = 'https://www.multipharma.be';
const page = (name: string) => fixture('multipharma', name);

describe('Multipharma parseSearchPage', () => {
  it('reads SFRA tiles: sales price (never the list price), brand, image, availability; the pid is never a CNK', () => {
    const offers = parseSearchPage(page('search-several.html'), BASE);
    expect(offers[0]).toEqual({
      retailer: 'multipharma',
      name: 'Etixx Magnesium 2000 AA 30 comprimés effervescents',
      brand: 'Etixx',
      // data-pid="4505541" is the shop's own product id: nothing on the page shows it is the CNK
      cnk: null,
      price: 10.49,
      currency: 'EUR',
      url: 'https://www.multipharma.be/fr/etixx-magnesium-2000-aa-30-comprimes-effervescents-4505541.html',
      image:
        'https://www.multipharma.be/dw/image/v2/BFPK_PRD/on/demandware.static/-/Sites-multipharma-master/default/dw1f2e3d4c/images/4505541.jpg?sw=300',
      inStock: true,
      prescription: false,
      // the struck-through list price is the 'was' price, never the price
      wasPrice: 12.5,
    });
    expect(offers.slice(1).map((o) => [o.cnk, o.name, o.price, o.inStock])).toEqual([
      [null, 'Biolectra Magnésium 365 mg Fortissimum 20 comprimés effervescents', 9.45, false],
      [null, 'Coffret Magnésium & Vitamine B6', 19.9, null],
      [null, 'Magnésium B6 60 comprimés', 8.75, null],
    ]);
  });

  it('reads a product page reached by an exact CNK search', () => {
    expect(parseSearchPage(page('product-detail.html'), BASE)).toEqual([
      {
        retailer: 'multipharma',
        name: 'Dafalgan Forte 1 g 40 comprimés',
        brand: 'Dafalgan',
        cnk: null,
        price: 7.25,
        currency: 'EUR',
        url: 'https://www.multipharma.be/fr/dafalgan-forte-1g-40-comprimes-1567080.html',
        image: 'https://www.multipharma.be/dw/image/v2/BFPK_PRD/images/1567080.jpg?sw=600',
        inStock: true,
        prescription: false,
      },
    ]);
  });

  it('flags reserve-only prescription medicines', () => {
    expect(parseSearchPage(page('search-rx.html'), BASE)).toEqual([
      expect.objectContaining({ cnk: null, prescription: true, price: 9.8 }),
    ]);
  });

  it('answers [] for the SFRA no-hits page', () => {
    expect(parseSearchPage(page('search-no-results.html'), BASE)).toEqual([]);
  });

  it('reports parse_failed for changed markup or an unreadable price', () => {
    expect(failureOf(() => parseSearchPage(page('changed-markup.html'), BASE))).toBe('parse_failed');
    const noPrice = page('product-detail.html').replace(
      /<div class="prices">[\s\S]*?<\/div>\s*<\/div>/,
      '<div class="prices"></div>',
    );
    expect(failureOf(() => parseSearchPage(noPrice, BASE))).toBe('parse_failed');
  });

  it('takes a CNK only from what the page shows: labelled field, JSON-LD CNK, or a GTIN the catalogue maps', () => {
    const catalogue = catalogueOf([{ cnk: '4505541', gtin: '5412345678908' }]);
    const offers = parseSearchPage(page('search-jsonld.html'), BASE, undefined, { catalogue });
    expect(offers.map((o) => [o.name, o.cnk, o.price, o.inStock])).toEqual([
      // sku/data-pid 1234567 is ignored; the GTIN 5412345678908 is filed under 4505541
      ['Etixx Magnesium 2000 AA 30 comprimés effervescents', '4505541', 10.49, true],
      // a labelled "CNK :" field in the tile
      ['Biolectra Magnésium 365 mg Fortissimum 20 comprimés effervescents', '2948875', 9.45, false],
      // JSON-LD additionalProperty named CNK
      ['Magnésium B6 60 comprimés', '0483529', 8.75, null],
      // sku and data-pid 3720083 look like a CNK but nothing says they are one
      ['Magnésium Marin 120 gélules', null, 12.99, null],
    ]);
    expect(offers[0]).toMatchObject({
      brand: 'Etixx',
      wasPrice: 12.5,
      url: 'https://www.multipharma.be/fr/etixx-magnesium-2000-aa-1234567.html',
    });
    // Without the catalogue (the empty default), the GTIN proves nothing.
    expect(parseSearchPage(page('search-jsonld.html'), BASE)[0]!.cnk).toBeNull();
  });

  it('a search page whose tiles changed but whose JSON-LD is intact still parses', () => {
    const changed = page('search-jsonld.html').replace(/<div class="row product-grid">[\s\S]*?<!-- end grid -->/, '');
    expect(parseSearchPage(changed, BASE).map((o) => [o.name, o.cnk, o.price])).toEqual([
      ['Etixx Magnesium 2000 AA 30 comprimés effervescents', null, 10.49],
      ['Biolectra Magnésium 365 mg Fortissimum 20 comprimés effervescents', null, 9.45],
      ['Magnésium B6 60 comprimés', '0483529', 8.75],
      ['Magnésium Marin 120 gélules', null, 12.99],
    ]);
  });

  it('parses the demo shop pages the same way', () => {
    const products = getDemoCatalogue().filter((p) => p.offers.multipharma && /^(Dafalgan|Motilium)$/.test(p.brand));
    // The demo pages show each product's GTIN in their JSON-LD; the demo catalogue maps it to the CNK.
    const catalogue = catalogueOf(products.map((p) => ({ cnk: p.cnk, gtin: p.ean })));
    const offers = parseSearchPage(renderMultipharmaSearch('dafalgan', products), 'http://127.0.0.1:1', undefined, {
      catalogue,
    });
    expect(offers.map((o) => [o.name, o.brand, o.cnk, o.price, o.inStock, o.prescription])).toEqual(
      products.map((p) => [
        p.name.fr,
        p.brand,
        p.cnk,
        p.offers.multipharma!.price,
        p.offers.multipharma!.inStock,
        p.prescription,
      ]),
    );
    const [one] = parseSearchPage(renderMultipharmaProduct(products[0]!), 'http://127.0.0.1:1', undefined, {
      catalogue,
    });
    expect(one).toMatchObject({ cnk: products[0]!.cnk, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:1\/fr\//) });
    expect(parseSearchPage(renderMultipharmaSearch('zzz', []), 'http://127.0.0.1:1')).toEqual([]);
  });
});
