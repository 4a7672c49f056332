import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeStripeParams } from './form-params';
import { startDemoStripe, type DemoStripe } from './demo-stripe';

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

  it.each([
    '__proto__[polluted]=1',
    'a[__proto__][polluted]=1',
    'a[0][__proto__][polluted]=1',
    'expand[__proto__][polluted]=1',
    'constructor[prototype][polluted]=1',
    'a[constructor][prototype][polluted]=1',
    'a[b][prototype][polluted]=1',
  ])('%s leaves Object.prototype alone and is skipped', (query) => {
    const decoded = decodeStripeParams(new URLSearchParams(`${query}&kept=yes`));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(decoded).toEqual({ kept: 'yes' });
  });

  it('a key given as a value then as a container does not throw', () => {
    expect(decodeStripeParams(new URLSearchParams('a=1&a[b]=2'))).toEqual({ a: { b: '2' } });
  });
});

describe('the Stripe look-alike after a polluting request', () => {
  let stripe: DemoStripe;
  const call = (path: string, body: string) =>
    fetch(`http://127.0.0.1:${stripe.target.local.port}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stripe.target.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    });

  beforeAll(async () => {
    stripe = await startDemoStripe({ publicUrl: 'http://127.0.0.1:9' });
  });
  afterAll(() => stripe?.close());

  it('keeps Object.prototype clean and still creates customers', async () => {
    const polluting = await call(
      '/v1/customers?a[__proto__][polluted]=1',
      'email=eve%40example.be&metadata[__proto__][polluted]=1&__proto__[isAdmin]=1&metadata[user_id]=7',
    );
    expect(polluting.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const customer = (await polluting.json()) as { id: string; email: string; metadata: Record<string, string> };
    expect(customer.email).toBe('eve@example.be');
    expect(customer.metadata).toEqual({ user_id: '7' });

    const next = await call('/v1/customers', 'email=anne%40example.be&metadata[user_id]=8');
    expect(next.status).toBe(200);
    expect(await next.json()).toMatchObject({ email: 'anne@example.be', metadata: { user_id: '8' } });
  });
});
