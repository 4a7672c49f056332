import { describe, expect, it } from 'vitest';
import { fixture } from './lib/fixture';
import { parseSavedPage } from './saved-page';
import { RETAILER_IDS } from './types';

// Every connector reads a page's schema.org JSON-LD first, through the one reader of the kit
// (lib/structured-data.ts), so a product page that shows its product only there gives the same offer
// to each of them. Read the way `npm run retailers:parse` prints it: what a shop's page says, checkable.
// The saved pages under lib/fixtures/ are shaped on the public documentation of each format.

const kitPage = (name: string) => fixture('lib', name);
const STATUS = '"prescriptionStatus":"https://schema.org/PrescriptionOnly"';

/** What `retailers:parse <retailer>` prints for a page given as text (the file name is only a label). */
function printed(retailer: string, html: string) {
  const outcome = parseSavedPage([retailer, 'page.html'], () => html);
  return outcome.code === 0 ? (JSON.parse(outcome.stdout) as unknown[]) : outcome.stderr;
}

describe.each(RETAILER_IDS)('%s reads the JSON-LD of a product page', (retailer) => {
  it('dereferences the @id nodes of an @graph (Yoast / WooCommerce): offer, brand and image', () => {
    expect(printed(retailer, kitPage('graph-by-id.html'))).toEqual([
      {
        name: 'La Roche-Posay Cicaplast Baume B5 40 ml',
        brand: 'La Roche-Posay',
        cnk: null,
        gtin: '5412345000129',
        price: 11.99,
        wasPrice: null,
        url: 'https://shop.example/produit/cicaplast-baume-b5-40ml/',
        image: 'https://shop.example/wp-content/uploads/cicaplast-b5-40ml.jpg',
        inStock: true,
        prescription: false,
      },
    ]);
  });

  it('reads a priceCurrency in any case as the ISO code it is', () => {
    expect(printed(retailer, kitPage('price-currency-lowercase.html'))).toEqual([
      {
        name: 'Bepanthen Crème 30 g',
        brand: 'Bepanthen',
        cnk: null,
        // gtin12 "012345678905", in the canonical 13-digit form
        gtin: '0012345678905',
        price: 8.45,
        wasPrice: null,
        url: 'https://shop.example/bepanthen-creme-30g',
        image: 'https://shop.example/images/bepanthen-creme-30g.jpg',
        inStock: true,
        prescription: false,
      },
    ]);
    const upper = kitPage('price-currency-lowercase.html').replace('"priceCurrency":"eur"', '"priceCurrency":" Eur "');
    expect(printed(retailer, upper)).toEqual([expect.objectContaining({ price: 8.45 })]);
    const dollars = kitPage('price-currency-lowercase.html').replace('"priceCurrency":"eur"', '"priceCurrency":"usd"');
    expect(printed(retailer, dollars)).toMatch(/parse_failed/);
  });

  it('never reads a price carrying another currency as euros', () => {
    expect(printed(retailer, kitPage('price-foreign-currency.html'))).toMatch(/parse_failed/);
    for (const price of ['£5', '12 USD', 'CHF 12.50', '¥1250', 'US$12']) {
      const page = kitPage('price-foreign-currency.html').replace('"$1250"', JSON.stringify(price));
      expect(printed(retailer, page), price).toMatch(/parse_failed/);
    }
    // The same page with the price in euros is read: only the currency was wrong.
    const euros = kitPage('price-foreign-currency.html').replace('"$1250"', '"12,50 €"');
    expect(printed(retailer, euros)).toEqual([expect.objectContaining({ price: 12.5 })]);
  });

  it('takes the active price of a priceSpecification list, the struck-through one as wasPrice, never a member price', () => {
    expect(printed(retailer, kitPage('price-specification-strikethrough.html'))).toEqual([
      {
        name: 'Vichy Minéral 89 Booster 50 ml',
        brand: 'Vichy',
        cnk: null,
        gtin: '5412345000150',
        price: 23.92,
        wasPrice: 29.9,
        url: 'https://shop.example/vichy-mineral-89-50ml',
        image: 'https://shop.example/images/vichy-mineral-89-50ml.jpg',
        inStock: true,
        prescription: false,
      },
    ]);
    // ListPrice (allowed for a transition period) is a former price too, written as a bare name or a URL.
    for (const type of ['https://schema.org/ListPrice', 'ListPrice', 'http://schema.org/StrikethroughPrice']) {
      const page = kitPage('price-specification-strikethrough.html').replace(
        'https://schema.org/StrikethroughPrice',
        type,
      );
      expect(printed(retailer, page), type).toEqual([expect.objectContaining({ price: 23.92, wasPrice: 29.9 })]);
    }
  });

  it('reads prescriptionStatus: a PrescriptionOnly drug is a prescription offer, an OTC one is not', () => {
    expect(printed(retailer, kitPage('drug-prescription-status.html'))).toEqual([
      {
        name: 'Motilium 10 mg 30 comprimés',
        brand: 'Motilium',
        cnk: null,
        // gtin8 "54123458", in the canonical 13-digit form
        gtin: '0000054123458',
        price: 9.8,
        wasPrice: null,
        url: 'https://shop.example/motilium-10mg-30',
        image: null,
        inStock: true,
        prescription: true,
      },
    ]);
    const bare = kitPage('drug-prescription-status.html').replace(
      'https://schema.org/PrescriptionOnly',
      'PrescriptionOnly',
    );
    expect(printed(retailer, bare)).toEqual([expect.objectContaining({ prescription: true })]);
    const otc = kitPage('drug-prescription-status.html').replace(STATUS, '"prescriptionStatus":"OTC"');
    expect(printed(retailer, otc)).toEqual([expect.objectContaining({ prescription: false })]);
  });

  it('prints a GTIN only when its check digit is right', () => {
    const wrong = kitPage('graph-by-id.html').replace('"5412345000129"', '"5412345000128"');
    expect(printed(retailer, wrong)).toEqual([expect.objectContaining({ gtin: null, price: 11.99 })]);
  });
});
