import { describe, expect, it } from 'vitest';
import { getDemoCatalogue } from '../../demo/catalogue';
import { renderMultipharmaProduct, renderMultipharmaSearch } from '../../demo/sites/multipharma.pages';
import { failureOf, fixture } from '../lib/fixture';
import { parseSearchPage } from './multipharma.parse';

const BASE = 'https://www.multipharma.be';
const page = (name: string) => fixture('multipharma', name);

describe('Multipharma parseSearchPage', () => {
  it('reads SFRA tiles: sales price (never the list price), pid as CNK, brand, image, availability', () => {
    const offers = parseSearchPage(page('search-several.html'), BASE);
    expect(offers[0]).toEqual({
      retailer: 'multipharma',
      name: 'Etixx Magnesium 2000 AA 30 comprimés effervescents',
      brand: 'Etixx',
      cnk: '4505541',
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
      ['2948875', 'Biolectra Magnésium 365 mg Fortissimum 20 comprimés effervescents', 9.45, false],
      [null, 'Coffret Magnésium & Vitamine B6', 19.9, null],
      // A numeric pid that lost the CNK's leading zero is left-padded, not dropped.
      ['0483529', 'Magnésium B6 60 comprimés', 8.75, null],
    ]);
  });

  it('reads a product page reached by an exact CNK search', () => {
    expect(parseSearchPage(page('product-detail.html'), BASE)).toEqual([
      {
        retailer: 'multipharma',
        name: 'Dafalgan Forte 1 g 40 comprimés',
        brand: 'Dafalgan',
        cnk: '1567080',
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
      expect.objectContaining({ cnk: '3370525', prescription: true, price: 9.8 }),
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

  it('parses the demo shop pages the same way', () => {
    const products = getDemoCatalogue().filter((p) => p.offers.multipharma && /^(Dafalgan|Motilium)$/.test(p.brand));
    const offers = parseSearchPage(renderMultipharmaSearch('dafalgan', products), 'http://127.0.0.1:1');
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
    const [one] = parseSearchPage(renderMultipharmaProduct(products[0]!), 'http://127.0.0.1:1');
    expect(one).toMatchObject({ cnk: products[0]!.cnk, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:1\/fr\//) });
    expect(parseSearchPage(renderMultipharmaSearch('zzz', []), 'http://127.0.0.1:1')).toEqual([]);
  });
});
