import { describe, expect, it } from 'vitest';
import { feedPrice, toFeedItem } from './feed-item';

// A feed's price is a plain decimal amount in euros, as Google Merchant Center, WooCommerce and the
// affiliate networks write it; anything else is refused (the item is skipped), never read as another amount.

describe('feedPrice', () => {
  it.each([
    ['12.50', 12.5],
    ['12,50', 12.5],
    ['12.50 EUR', 12.5],
    ['EUR12.50', 12.5],
    ['EUR 12,50', 12.5],
    ['12,50 €', 12.5],
    ['€12.50', 12.5],
    ['12 EUR', 12],
    ['3.59 EUR', 3.59],
    ['1.234,56 EUR', 1234.56],
    ['1,234.56 EUR', 1234.56],
    [' 6,85 ', 6.85],
  ])('%j -> %d', (raw, expected) => {
    expect(feedPrice(raw)).toBe(expected);
  });

  it.each([
    ['1e308 EUR'],
    ['1E3'],
    ['12.50e2 EUR'],
    ['1e-2 EUR'],
    ['Infinity'],
    ['Infinity EUR'],
    ['-Infinity EUR'],
    ['NaN EUR'],
    ['0x1F EUR'],
    ['0b101'],
    ['-12.50 EUR'],
    ['+12.50 EUR'],
    ['999999999 EUR'],
    ['0.00 EUR'],
    ['12.50 USD'],
    ['12.5.0 EUR'],
    ['from 12.50 EUR'],
    ['12.50 EUR 3'],
    ['12.50 EUR EUR'],
    ['1,234 EUR'],
    [''],
    [undefined],
  ])('%j -> null', (raw) => {
    expect(feedPrice(raw)).toBeNull();
  });
});

describe('toFeedItem', () => {
  it('skips an item whose price is not a plain amount, and ignores such a sale price', () => {
    expect(toFeedItem({ id: '1', title: 'Dafalgan', price: '1e308 EUR' })).toBeNull();
    expect(toFeedItem({ id: '1', title: 'Dafalgan', price: '5.00 EUR', sale_price: '1e-2 EUR' })).toMatchObject({
      price: 5,
      wasPrice: null,
    });
  });
});
