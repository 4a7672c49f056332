import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { CARDS, demoStripe, pathOf, registeredClient, submitCheckout } from './billing.test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The hosted checkout page as a browser gets it. */
async function checkoutPage(url: string): Promise<string> {
  const res = await fetch(new URL(pathOf(url), server.url));
  expect(res.status).toBe(200);
  return res.text();
}

describe('promotion codes in the checkout (the /promo page sends one)', () => {
  it('a code Stripe knows, typed in any case, is applied: the checkout page and first invoice show the discount', async () => {
    const client = await registeredClient(server, 'promo-ok@example.be');
    const res = await client.post('/api/billing/create-checkout-session/', { promotion_code: ' pharma20 ' });
    expect(res.status).toBe(200);
    const session = [...demoStripe(server).store.checkouts.values()].at(-1);
    expect(session?.promotionCode).toBe('promo_demo');

    const html = await checkoutPage(res.body.url);
    expect(html).toMatch(/data-testid="discount">Code PHARMA20 : −20 % sur la première facture, soit 24,00\s€/);

    const paid = await submitCheckout(server, res.body.url, CARDS.ok);
    expect(paid.status).toBe(303);
    await demoStripe(server).webhooks.idle();
    const invoices = (await client.get('/api/billing/subscription/')).body.subscription.invoices;
    expect(invoices.map((i: { amount_paid: number }) => i.amount_paid)).toEqual([2400]);
  });

  it.each([
    ['fr', /data-testid="price">30,00\s€ TVAC<\/span> par mois/],
    ['en', /data-testid="price">€30\.00 incl\. VAT<\/span> per month/],
    ['nl', /data-testid="price">€\s30,00 incl\. btw<\/span> per maand/],
  ])('the checkout page (%s) says its amounts include VAT, as the plan prices do', async (lang, price) => {
    const client = await registeredClient(server, `promo-vat-${lang}@example.be`);
    const res = await client.post('/api/billing/create-checkout-session/', { plan: 'pro_monthly' });
    expect(res.status).toBe(200);
    const url = new URL(pathOf(res.body.url), server.url);
    url.searchParams.set('lang', lang);
    const html = await (await fetch(url)).text();
    expect(html).toMatch(price);
  });

  it('without a code the checkout shows no discount', async () => {
    const client = await registeredClient(server, 'promo-none@example.be');
    const res = await client.post('/api/billing/create-checkout-session/', { plan: 'pro_monthly' });
    expect(res.status).toBe(200);
    expect(await checkoutPage(res.body.url)).not.toContain('data-testid="discount"');
  });

  it.each([
    ['fr', 'Ce code promotionnel n’est pas valable.'],
    ['en', 'This promotion code is not valid.'],
    ['nl', 'Deze promotiecode is niet geldig.'],
  ] as const)(
    'an unknown code answers 400 promotion_code_invalid in %s and opens no checkout',
    async (lang, detail) => {
      const client = await registeredClient(server, `promo-bad-${lang}@example.be`);
      const before = demoStripe(server).store.checkouts.size;
      const res = await client.post('/api/billing/create-checkout-session/', { promotion_code: 'NOPE-2026' }, { lang });
      expect([res.status, res.body.code, res.body.detail]).toEqual([400, 'promotion_code_invalid', detail]);
      expect(demoStripe(server).store.checkouts.size).toBe(before);
    },
  );

  it('a code that is too long is a validation error naming the field', async () => {
    const client = await registeredClient(server, 'promo-long@example.be');
    const res = await client.post('/api/billing/create-checkout-session/', { promotion_code: 'X'.repeat(300) });
    expect([res.status, res.body.code]).toEqual([400, 'validation']);
    expect(Object.keys(res.body.fields ?? {})).toContain('promotion_code');
  });
});
