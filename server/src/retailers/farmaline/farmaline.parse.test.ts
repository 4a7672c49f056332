import { describe, expect, it } from 'vitest';
import { getDemoCatalogue } from '../../demo/catalogue';
import { renderFarmalineProduct, renderFarmalineSearch } from '../../demo/sites/farmaline.pages';
import { failureOf, fixture } from '../lib/fixture';
import { parseSearchPage } from './farmaline.parse';

const BASE = 'https://www.farmaline.be';
const page = (name: string) => fixture('farmaline', name);

/** The Ducray Kelual 50 ml offer, as the saved search page and the product page both give it. */
const KELUAL = {
  retailer: 'farmaline',
  name: 'Ducray Kelual Émulsion Nouvelle Formule 50 ml',
  brand: 'Ducray',
  cnk: '3720083',
  price: 15.79,
  currency: 'EUR',
  url: 'https://www.farmaline.be/fr/beaute/BE03720083/ducray-kelual-emulsion-nouvelle-formule.htm',
  image: 'https://cgn-mig.farmaline.be/images/BE0/372/008/3/BE03720083-p10.jpg',
  inStock: true,
  prescription: false,
  // best_offer.strike_price.amount, in cents
  wasPrice: 17.2,
};

/** The Etixx Magnesium offer as both saved product pages give it (markup and JSON-LD alike). */
const ETIXX = {
  retailer: 'farmaline',
  name: 'Etixx Magnesium 2000 AA 30 bruistabletten',
  brand: 'Etixx',
  cnk: '4505541',
  price: 10.95,
  currency: 'EUR',
  url: 'https://www.farmaline.be/nl/Supplementen/BE04505541/etixx-magnesium-2000-aa.htm',
  image: 'https://cgn-mig.farmaline.be/images/BE0/450/554/1/BE04505541-p10.jpg',
};

describe('Farmaline parseSearchPage', () => {
  it('reads every hit of the embedded InstantSearch JSON (cents, CNK from objectID, pack size)', () => {
    const offers = parseSearchPage(page('search-several.html'), BASE);
    expect(offers).toHaveLength(4);
    expect(offers[0]).toEqual(KELUAL);
    expect(offers[1]).toMatchObject({ cnk: '3012574', price: 23.95, inStock: false, image: null });
    expect(offers[1]).not.toHaveProperty('wasPrice');
  });

  it('keeps marketplace offers without a CNK and flags prescription-only hits', () => {
    const offers = parseSearchPage(page('search-several.html'), BASE);
    expect(offers[2]).toMatchObject({
      cnk: null,
      price: 18.49,
      url: 'https://www.farmaline.be/fr/marketplace/upmCDF2AU/ducray-dexyane-med.htm',
    });
    expect(offers[3]).toMatchObject({ name: 'Diprosone 0,05 % crème 30 g', cnk: '2545336', prescription: true });
    expect(offers.filter((o) => o.prescription)).toHaveLength(1);
  });

  it('falls back to the data-qa-id markup when no JSON is embedded (split and thousands prices, NL stock, Rx badge)', () => {
    const offers = parseSearchPage(page('search-markup-only.html'), BASE);
    expect(offers.map((o) => [o.name, o.cnk, o.price, o.inStock, o.prescription])).toEqual([
      ['Imodium Instant 2 mg 20 smelttabletten', '1303346', 8.49, true, false],
      ['Imodium 2 mg 200 capsules (ziekenhuisverpakking)', '2280618', 1234.56, false, false],
      ['Motilium 10 mg 30 tabletten', '3370525', 9.8, null, true],
      // An id whose CNK lost its leading zero is left-padded; "7€45" is read as 7.45.
      ['Imodium Duo 12 tabletten', '0123455', 7.45, null, false],
    ]);
    expect(offers[0]).toMatchObject({
      brand: 'Imodium',
      image: 'https://cgn-mig.farmaline.be/images/BE0/130/334/6/BE01303346-p10.jpg',
    });
  });

  it('reads the struck-through price of a markup entry as its was price, only when above the price', () => {
    const html = page('search-several.html').replace(/<script>window\[Symbol[\s\S]*?<\/script>/, '');
    const offers = parseSearchPage(html, BASE);
    expect(offers[0]).toMatchObject({ price: 15.79, wasPrice: 17.2 });
    expect(offers[1]).not.toHaveProperty('wasPrice');
    const lower = html.replace('17,20&nbsp;€', '9,99&nbsp;€');
    expect(parseSearchPage(lower, BASE)[0]).not.toHaveProperty('wasPrice');
  });

  it('answers [] for a real "no results" page', () => {
    expect(parseSearchPage(page('search-no-results.html'), BASE)).toEqual([]);
  });

  it('reads a product page (exact CNK hits can land there) without mistaking leaflet text for Rx', () => {
    const offers = parseSearchPage(page('product-page.html'), BASE);
    expect(offers).toEqual([
      {
        ...ETIXX,
        inStock: true,
        prescription: false,
        wasPrice: 12.5,
      },
    ]);
  });

  it('reads a 6-digit CNK on a product page as the 7-digit code', () => {
    const html = page('product-page.html')
      .replace(/<link rel="canonical"[^>]*>/, '')
      .replace('<dt>Productcode</dt><dd><span>BE04505541</span></dd>', '<dt>CNK</dt><dd>372185</dd>');
    expect(parseSearchPage(html, BASE)).toEqual([expect.objectContaining({ cnk: '0372185', url: null })]);
    const hit = page('search-several.html').replace(/BE03720083/g, 'BE0372185');
    expect(parseSearchPage(hit, BASE)[0]).toMatchObject({ cnk: '0372185' });
  });

  it('reports parse_failed for changed markup and for hits whose price cannot be read', () => {
    expect(failureOf(() => parseSearchPage(page('changed-markup.html'), BASE))).toBe('parse_failed');
    expect(failureOf(() => parseSearchPage(page('search-price-unreadable.html'), BASE))).toBe('parse_failed');
    expect(failureOf(() => parseSearchPage('', BASE))).toBe('parse_failed');
    expect(
      failureOf(() =>
        parseSearchPage('<script>window[Symbol.for("InstantSearchInitialResults")] = {"x": </script>', BASE),
      ),
    ).toBe('parse_failed');
  });

  it('never turns a javascript: link into an offer URL', () => {
    const html = page('search-markup-only.html').replace(
      '/nl/geneesmiddelen/BE03370525/motilium-10mg.htm',
      'javascript:alert(1)',
    );
    const offers = parseSearchPage(html, BASE);
    expect(offers[2]!.url).toBeNull();
  });

  it('reads the prescription flag from prescriptionMedicine, the platform index field', () => {
    const offers = parseSearchPage(page('search-index-fields.html'), BASE);
    expect(offers.map((o) => [o.cnk, o.prescription])).toEqual([
      ['1303346', false],
      ['3370525', true],
      ['2280618', false],
    ]);
  });

  it('never takes listPrice as a was-price, nor a strike price at or below the price', () => {
    const offers = parseSearchPage(page('search-index-fields.html'), BASE);
    // listPrice 9,95 € above the 8,49 € price is only a recommended price
    expect(offers[0]).not.toHaveProperty('wasPrice');
    expect(offers[2]).toMatchObject({ price: 14.5 });
    expect(offers[2]).not.toHaveProperty('wasPrice');
  });

  it('strips the click-tracking parameters from offer links, with or without a leading slash', () => {
    const offers = parseSearchPage(page('search-index-fields.html'), BASE);
    expect(offers.map((o) => o.url)).toEqual([
      'https://www.farmaline.be/fr/medicaments/BE01303346/imodium-instant.htm',
      'https://www.farmaline.be/fr/medicaments/BE03370525/motilium.htm',
      'https://www.farmaline.be/fr/medicaments/BE02280618/imodium-gelules.htm',
    ]);
    const tracked = page('search-markup-only.html').replace(
      '/nl/geneesmiddelen/BE03370525/motilium-10mg.htm"',
      '/nl/geneesmiddelen/BE03370525/motilium-10mg.htm?eventName=search-result-click&amp;position=3&amp;query=imodium&amp;queryID=1&amp;eventType=click&amp;objectIDs=%5BBE03370525%5D&amp;variant=2"',
    );
    expect(parseSearchPage(tracked, BASE)[2]!.url).toBe(
      'https://www.farmaline.be/nl/geneesmiddelen/BE03370525/motilium-10mg.htm?variant=2',
    );
  });

  it('a product page with several packs gives the shown pack: its price, was-price and size, never another pack', () => {
    expect(parseSearchPage(page('product-variants.html'), BASE)).toEqual([KELUAL]);
    // Without its JSON-LD the page still gives the shown pack (the variant entry holding a div).
    const markupOnly = page('product-variants.html').replace(
      /<script type="application\/ld\+json">[\s\S]*?<\/script>/g,
      '',
    );
    expect(parseSearchPage(markupOnly, BASE)).toEqual([KELUAL]);
    // No entry marked as shown: no price is guessed from another pack.
    const noneShown = markupOnly
      .replace('<div data-qa-id="product-page-variant-details">', '<a href="#x">')
      .replace('<p data-qa-id="product-status-qa-id">En stock</p>\n      </div>', '</a>');
    expect(failureOf(() => parseSearchPage(noneShown, BASE))).toBe('parse_failed');
  });

  it('a product page whose markup changed but whose JSON-LD is intact still parses (JSON-LD first)', () => {
    expect(parseSearchPage(page('product-jsonld-changed-markup.html'), BASE)).toEqual([
      {
        ...ETIXX,
        inStock: false,
        prescription: false,
        // the gtin13 its JSON-LD states
        gtin: '5412345678908',
      },
    ]);
  });

  it('parses the demo shop pages the same way', () => {
    const products = getDemoCatalogue().filter((p) => p.offers.farmaline && p.brand === 'Dafalgan');
    const offers = parseSearchPage(renderFarmalineSearch('dafalgan', products), 'http://127.0.0.1:1');
    expect(offers.map((o) => [o.name, o.cnk, o.price, o.inStock, o.prescription])).toEqual(
      products.map((p) => [p.name.fr, p.cnk, p.offers.farmaline!.price, p.offers.farmaline!.inStock, p.prescription]),
    );
    expect(parseSearchPage(renderFarmalineSearch('zzz', []), 'http://127.0.0.1:1')).toEqual([]);
    const [one] = parseSearchPage(renderFarmalineProduct(products[0]!), 'http://127.0.0.1:1');
    expect(one).toMatchObject({
      cnk: products[0]!.cnk,
      price: products[0]!.offers.farmaline!.price,
      name: products[0]!.name.fr,
    });
  });
});
