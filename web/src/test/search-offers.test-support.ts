import type { SearchOffer } from '@pharmaradar/shared/search.schema';

/**
 * One in-stock offer per price, in the order given (the first is marked best): the search tests and the
 * Pro tool's price events both build their products from these. `retailer` names the shop of the i-th
 * price; `cnk` is each offer's code and the code searched.
 */
export function offersAt(
  name: string,
  prices: readonly number[],
  retailer: (i: number) => string,
  cnk: string | null,
): SearchOffer[] {
  return prices.map((price, i) => ({
    retailer: retailer(i),
    name,
    price,
    currency: 'EUR',
    url: null,
    best: i === 0,
    brand: null,
    cnk,
    searchedCode: cnk,
    image: null,
    inStock: true,
  }));
}
