import { describe, expect, it } from 'vitest';
import { decodeStripeParams } from './form-params';

describe('decodeStripeParams', () => {
  it('builds nested objects and arrays from bracketed keys', () => {
    const params = new URLSearchParams(
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&expand[0]=a&expand[1]=b.c&metadata[user_id]=7&tax_id_collection[enabled]=true',
    );
    expect(decodeStripeParams(params)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      expand: ['a', 'b.c'],
      metadata: { user_id: '7' },
      tax_id_collection: { enabled: 'true' },
    });
  });

  it('accepts empty brackets as array appends', () => {
    expect(decodeStripeParams(new URLSearchParams('expand[]=a&expand[]=b'))).toEqual({ expand: ['a', 'b'] });
  });
});
