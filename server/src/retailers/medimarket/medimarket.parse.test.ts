import { describe, expect, it } from 'vitest';
import { getDemoCatalogue } from '../../demo/catalogue';
import { renderMedimarketSearch } from '../../demo/sites/medimarket.pages';
import { narrowToCnk } from '../lib/markers';
import { failureOf, fixture } from '../lib/fixture';
import { parseSearchPage } from './medimarket.parse';

const BASE = 'https://medi-market.be';
const page = (name: string) => fixture('medimarket', name);

describe('Medi-Market parseSearchPage', () => {
  it('reads each tile around its Skeepers widget, name and price scoped to that tile', () => {
    const offers = parseSearchPage(page('search-cnk.html'), BASE);
    expect(offers).toEqual([
      {
        retailer: 'medimarket',
        name: 'Ducray Kelual Émulsion Nouvelle Formule 50ml',
        brand: null,
        cnk: '3720083',
        price: 15.49,
        currency: 'EUR',
        url: 'https://medi-market.be/fr/ducray-kelual-emulsion-nouvelle-formule-50ml',
        image: 'https://medi-market.be/media/cache/product_thumb/3720083.webp',
        inStock: null,
        prescription: false,
        // the struck-through price beside the selling price
        wasPrice: 17.2,
      },
      expect.objectContaining({ cnk: '3102789', name: 'Ducray Sensinol Baume 200ml', price: 19.99 }),
    ]);
  });

  it('a CNK search keeps only the tile carrying that CNK (recommendations are dropped)', () => {
    const offers = narrowToCnk(parseSearchPage(page('search-cnk.html'), BASE), '3720083');
    expect(offers.map((o) => o.cnk)).toEqual(['3720083']);
  });

  it('reads several results: duplicated widgets, struck-through prices, € prefix, thousands, stock', () => {
    const offers = parseSearchPage(page('search-several.html'), BASE);
    expect(offers.map((o) => [o.cnk, o.name, o.price, o.inStock])).toEqual([
      ['4487039', 'Caudalie Gel Douche Thé des Vignes 200ml', 10.95, true],
      ['4654430', 'Caudalie Vinosun Spray Haute Protection SPF50 150ml', 29.9, false],
      ['4873691', 'Caudalie Premier Cru Coffret Prestige', 1049, null],
      ['0372185', 'Caudalie Eau de Raisin 200ml', 11.99, null],
    ]);
  });

  it('left-pads a 6-digit widget id to the 7-digit CNK, so a CNK search still finds it', () => {
    const offers = parseSearchPage(page('search-several.html'), BASE);
    expect(narrowToCnk(offers, '0372185')).toEqual([
      expect.objectContaining({ cnk: '0372185', name: 'Caudalie Eau de Raisin 200ml' }),
    ]);
  });

  it('flags reserve-only prescription medicines', () => {
    const offers = parseSearchPage(page('search-rx.html'), 'https://pharmacy-medi-market.be');
    expect(offers.map((o) => [o.cnk, o.prescription])).toEqual([
      ['3370525', true],
      ['1751809', false],
    ]);
  });

  it('answers [] for a real "no results" page', () => {
    expect(parseSearchPage(page('search-no-results.html'), BASE)).toEqual([]);
  });

  it('reports parse_failed for changed markup and unreadable prices', () => {
    expect(failureOf(() => parseSearchPage(page('changed-markup.html'), BASE))).toBe('parse_failed');
    expect(failureOf(() => parseSearchPage(page('search-price-unreadable.html'), BASE))).toBe('parse_failed');
    expect(failureOf(() => parseSearchPage('<html><body><p>Maintenance</p></body></html>', BASE))).toBe('parse_failed');
  });

  it('a page where the widget is not inside the tile still parses: widget CNK, then the name and price before it', () => {
    const offers = parseSearchPage(page('search-widget-outside-tile.html'), BASE);
    expect(offers.map((o) => [o.cnk, o.name, o.price, o.url])).toEqual([
      [
        '4487039',
        'Caudalie Gel Douche Thé des Vignes 200ml',
        10.95,
        'https://medi-market.be/fr/caudalie-gel-douche-the-des-vignes-200ml',
      ],
      [
        '4654430',
        'Caudalie Vinosun Spray Haute Protection SPF50 150ml',
        29.9,
        'https://medi-market.be/fr/caudalie-vinosun-spray-150ml',
      ],
    ]);
    expect(narrowToCnk(offers, '4654430')).toEqual([expect.objectContaining({ price: 29.9 })]);
  });

  it('reads the JSON-LD first, its tile filling what it lacks (the widget CNK, the struck-through price)', () => {
    // The same product described by a schema.org Product (Google Search Central merchant listing shape).
    const data = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ducray Kelual Émulsion Nouvelle Formule 50ml',
      gtin13: '3282770149715',
      offers: { '@type': 'Offer', price: '15.29', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    const html = page('search-cnk.html').replace(
      '</head>',
      `<script type="application/ld+json">${data}</script></head>`,
    );
    const offers = parseSearchPage(html, BASE);
    expect(offers[0]).toEqual({
      retailer: 'medimarket',
      name: 'Ducray Kelual Émulsion Nouvelle Formule 50ml',
      brand: null,
      cnk: '3720083',
      gtin: '3282770149715',
      price: 15.29,
      currency: 'EUR',
      url: 'https://medi-market.be/fr/ducray-kelual-emulsion-nouvelle-formule-50ml',
      image: 'https://medi-market.be/media/cache/product_thumb/3720083.webp',
      inStock: true,
      prescription: false,
      wasPrice: 17.2,
    });
    // The tile no Product describes still makes its offer.
    expect(offers.slice(1)).toEqual([expect.objectContaining({ cnk: '3102789', price: 19.99 })]);
  });

  it('parses the demo shop pages the same way', () => {
    const products = getDemoCatalogue().filter((p) => p.offers.medimarket && p.brand === 'Caudalie');
    const offers = parseSearchPage(renderMedimarketSearch('parapharmacy', 'caudalie', products), 'http://127.0.0.1:1');
    expect(offers.map((o) => [o.name, o.brand, o.cnk, o.price, o.inStock, o.prescription])).toEqual(
      products.map((p) => [p.name.fr, p.brand, p.cnk, p.offers.medimarket!.price, p.offers.medimarket!.inStock, false]),
    );
    const rx = getDemoCatalogue().filter((p) => p.prescription && p.offers.medimarket);
    expect(
      parseSearchPage(renderMedimarketSearch('pharmacy', 'x', rx), 'http://127.0.0.1:1').every((o) => o.prescription),
    ).toBe(true);
    expect(parseSearchPage(renderMedimarketSearch('parapharmacy', 'zzz', []), 'http://127.0.0.1:1')).toEqual([]);
  });
});
