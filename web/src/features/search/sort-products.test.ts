import { describe, expect, it } from 'vitest';
import type { SearchProduct } from '@pharmaradar/shared/search.schema';
import { unitPriceOf } from '@pharmaradar/shared/unit-price';
import { offersAt } from '../../test/search-offers.test-support';
import { bestUnitPrice, sortProducts } from './sort-products';

const SHOPS = ['farmaline', 'medimarket', 'multipharma'];

function product(name: string, ...prices: number[]): SearchProduct {
  const offers = offersAt(name, prices, (i) => SHOPS[i]!, null).map((offer) => ({
    ...offer,
    unitPrice: unitPriceOf(offer.price, name),
  }));
  return { cnk: null, name, brand: null, image: null, slug: null, offers };
}

const names = (products: SearchProduct[]) => products.map((p) => p.name);

describe('sortProducts', () => {
  const small = product('Dafalgan 500 mg 30 comprimés', 3.45, 3.6); // 0.115 per tablet
  const big = product('Dafalgan 500 mg 2 x 60 comprimés', 10.8); // 0.09 per tablet
  const syrup = product('Dafalgan sirop 90 ml', 5.4); // 6 per 100 ml
  const unknown = product('Dafalgan Forte 1 g', 2.5);
  const list = [small, unknown, syrup, big];

  it('keeps the server order for relevance', () => {
    expect(names(sortProducts(list, 'relevance'))).toEqual(names(list));
  });

  it('orders by the lowest price', () => {
    expect(names(sortProducts(list, 'price'))).toEqual([unknown, small, syrup, big].map((p) => p.name));
  });

  it('orders by the lowest price one can buy: a cheaper sold-out offer does not count', () => {
    const soldOut = product('Dafalgan Instant 500 mg', 1, 6);
    soldOut.offers[0] = { ...soldOut.offers[0]!, inStock: false };
    expect(names(sortProducts([soldOut, small], 'price'))).toEqual([small, soldOut].map((p) => p.name));
  });

  it('orders by unit price, tablets before volumes, unreadable packs last', () => {
    expect(names(sortProducts(list, 'unitPrice'))).toEqual([big, small, syrup, unknown].map((p) => p.name));
  });

  it('takes the best unit price among the offers', () => {
    expect(bestUnitPrice(small.offers)).toEqual({ amount: 0.115, per: 'tablet' });
    expect(bestUnitPrice(unknown.offers)).toBeNull();
  });
});
