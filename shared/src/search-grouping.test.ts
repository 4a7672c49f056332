import { describe, expect, it } from 'vitest';
import { groupOffers, normaliseOfferCnk, normaliseProductName } from './search-grouping';
import type { SearchOffer } from './search.schema';

function offer(partial: Partial<SearchOffer> & Pick<SearchOffer, 'retailer' | 'price'>): SearchOffer {
  return {
    name: 'Dafalgan 500 mg 30 comprimés',
    currency: 'EUR',
    url: `https://shop.example/${partial.retailer}/${partial.price}`,
    best: false,
    brand: null,
    cnk: null,
    searchedCode: null,
    image: null,
    inStock: true,
    ...partial,
  };
}

describe('normalisation', () => {
  it('pads 6-digit CNKs and rejects other lengths', () => {
    expect(normaliseOfferCnk('168536')).toBe('0168536');
    expect(normaliseOfferCnk('BE04487039')).toBeNull();
    expect(normaliseOfferCnk('4487039')).toBe('4487039');
    expect(normaliseOfferCnk(null)).toBeNull();
  });

  it('strips case, accents and punctuation but keeps pack tokens', () => {
    expect(normaliseProductName('Crème  Hydratante – 50 ML')).toBe('creme hydratante 50ml');
    expect(normaliseProductName('DAFALGAN 500mg, 30 Comprimés')).toBe(
      normaliseProductName('Dafalgan 500 mg 30 comprimes'),
    );
    expect(normaliseProductName('Vitamine D 25 µg')).toBe('vitamine d 25mcg');
    expect(normaliseProductName('Dafalgan 500 mg 30')).not.toBe(normaliseProductName('Dafalgan 1 g 30'));
  });
});

describe('groupOffers', () => {
  const byName = { kind: 'name' as const, value: 'dafalgan' };

  it('groups by CNK, lets name-only offers join the CNK product of the same name, sorts by price', () => {
    const products = groupOffers(
      [
        offer({ retailer: 'farmaline', price: 4.2, cnk: '1234567' }),
        offer({ retailer: 'medimarket', price: 3.99, cnk: '1234567' }),
        offer({ retailer: 'multipharma', price: 4.1, name: 'DAFALGAN 500mg 30 comprimes' }),
        offer({ retailer: 'multipharma', price: 9.5, name: 'Autre produit 20 ml' }),
      ],
      byName,
    );
    expect(products).toHaveLength(2);
    const [first, second] = products;
    expect(first?.cnk).toBe('1234567');
    expect(first?.offers.map((o) => [o.retailer, o.price, o.best])).toEqual([
      ['medimarket', 3.99, true],
      ['multipharma', 4.1, false],
      ['farmaline', 4.2, false],
    ]);
    expect(second?.cnk).toBeNull();
    expect(second?.offers).toHaveLength(1);
    expect(second?.offers[0]?.best).toBe(true);
  });

  it('keeps at most 5 offers and flags every tied lowest price as best', () => {
    const prices = [7, 5, 5, 6, 8, 9, 10];
    const products = groupOffers(
      prices.map((price, i) => offer({ retailer: `shop${i}`, price, cnk: '7654321' })),
      byName,
    );
    expect(products).toHaveLength(1);
    const offers = products[0]!.offers;
    expect(offers.map((o) => o.price)).toEqual([5, 5, 6, 7, 8]);
    expect(offers.map((o) => o.best)).toEqual([true, true, false, false, false]);
  });

  it('gives the best price to the cheapest offer in stock (or of unknown stock), never to a sold-out one', () => {
    const [product] = groupOffers(
      [
        offer({ retailer: 'farmaline', price: 3.5, cnk: '1234567', inStock: false }),
        offer({ retailer: 'medimarket', price: 3.99, cnk: '1234567', inStock: null }),
        offer({ retailer: 'newpharma', price: 4.5, cnk: '1234567' }),
      ],
      byName,
    );
    expect(product!.offers.map((o) => [o.retailer, o.best])).toEqual([
      ['farmaline', false],
      ['medimarket', true],
      ['newpharma', false],
    ]);
  });

  it('flags no best price when every offer is out of stock, and keeps a buyable offer past five sold-out ones', () => {
    const [soldOut] = groupOffers(
      [
        offer({ retailer: 'a', price: 3, cnk: '1234567', inStock: false }),
        offer({ retailer: 'b', price: 4, cnk: '1234567', inStock: false }),
      ],
      byName,
    );
    expect(soldOut!.offers.some((o) => o.best)).toBe(false);
    const [crowded] = groupOffers(
      [
        ...[1, 2, 3, 4, 5].map((price) => offer({ retailer: `s${price}`, price, cnk: '7654321', inStock: false })),
        offer({ retailer: 'instock', price: 9, cnk: '7654321' }),
      ],
      byName,
    );
    expect(crowded!.offers.filter((o) => o.best).map((o) => o.retailer)).toEqual(['instock']);
  });

  it('puts the exact CNK match first, then products with more offers', () => {
    const products = groupOffers(
      [
        offer({ retailer: 'a', price: 1, cnk: '1111111', name: 'One' }),
        offer({ retailer: 'b', price: 1, cnk: '1111111', name: 'One' }),
        offer({ retailer: 'a', price: 2, cnk: '2222222', name: 'Two' }),
        offer({ retailer: 'a', price: 3, cnk: '3333333', name: 'Three' }),
      ],
      { kind: 'cnk', value: '3333333' },
    );
    expect(products.map((p) => p.cnk)).toEqual(['3333333', '1111111', '2222222']);
  });
});
