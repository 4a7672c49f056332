import { describe, expect, it } from 'vitest';
import { lowestPriceThrough } from './alerts.module';

describe('lowestPriceThrough', () => {
  it('watches the cheapest offer in stock (or of unknown stock), never a cheaper sold-out one', async () => {
    const offers = [
      { price: 3.1, retailer: 'farmaline', inStock: false },
      { price: 4.2, retailer: 'medimarket', inStock: null },
      { price: 4.5, retailer: 'multipharma', inStock: true },
    ];
    const prices = lowestPriceThrough({ search: async () => ({ products: [{ cnk: '1234567', offers }] }) });
    expect(await prices.lowestPrice('1234567')).toEqual({ price: 4.2, retailer: 'medimarket' });
    const soldOut = lowestPriceThrough({
      search: async () => ({ products: [{ cnk: '1234567', offers: [offers[0]!] }] }),
    });
    expect(await soldOut.lowestPrice('1234567')).toBeNull();
  });
});
