import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { CARDS, demoStripe, eventually, registeredClient, submitCheckout, subscribe } from './billing.test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The real SDK pointed at the look-alike: what a second device's session looks like to Stripe. */
function stripeAtLookAlike(): Stripe {
  const { secretKey, local } = demoStripe(server).target;
  return new Stripe(secretKey, { host: local.host, port: local.port, protocol: 'http', maxNetworkRetries: 0 });
}

/** A second open checkout for the same customer, made at the provider (the app never opens two). */
async function forcedSecondSession(customer: string, userId: string): Promise<string> {
  const session = await stripeAtLookAlike().checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: userId,
    line_items: [{ price: demoStripe(server).target.prices.pro_monthly, quantity: 1 }],
    success_url: 'http://127.0.0.1/congrats',
    subscription_data: { metadata: { user_id: userId } },
  });
  return session.url!;
}

function customerOf(email: string): string {
  const customer = [...demoStripe(server).store.customers.values()].find((c) => c.email === email);
  if (!customer) throw new Error(`no customer for ${email} at the look-alike`);
  return customer.id;
}

/** The customer's subscriptions and each one's refunds, read through the look-alike's API. */
async function providerView(customer: string) {
  const stripe = stripeAtLookAlike();
  const subs = (await stripe.subscriptions.list({ customer, status: 'all' })).data;
  return Promise.all(
    subs.map(async (sub) => {
      const invoices = (await stripe.invoices.list({ subscription: sub.id })).data;
      let refunded = 0;
      for (const invoice of invoices) {
        for (const payment of (await stripe.invoicePayments.list({ invoice: invoice.id! })).data) {
          const intent = payment.payment.payment_intent as string;
          for (const refund of (await stripe.refunds.list({ payment_intent: intent })).data) refunded += refund.amount;
        }
      }
      return { id: sub.id, status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end, refunded };
    }),
  );
}

describe('one live subscription per customer (ADR 129)', () => {
  it('two devices each paying a distinct session: one subscription stays, the other is ended and refunded', async () => {
    const email = 'twodevices@example.be';
    const client = await registeredClient(server, email);
    const me = (await client.get('/api/auth/me/')).body.user;
    const first = await client.post('/api/billing/create-checkout-session/');
    expect(first.status).toBe(200);
    const customer = customerOf(email);
    const second = await forcedSecondSession(customer, String(me.id));
    expect(second).not.toBe(first.body.url);

    expect((await submitCheckout(server, first.body.url, CARDS.ok)).status).toBe(303);
    expect((await submitCheckout(server, second, CARDS.ok)).status).toBe(303);
    await demoStripe(server).webhooks.idle();

    const view = await eventually(async () => {
      const subs = await providerView(customer);
      return subs.some((s) => s.status === 'canceled') ? subs : null;
    });
    const live = view.filter((s) => s.status !== 'canceled');
    const ended = view.filter((s) => s.status === 'canceled');
    expect(live).toEqual([{ id: expect.any(String), status: 'active', cancelAtPeriodEnd: false, refunded: 0 }]);
    expect(ended).toEqual([{ id: expect.any(String), status: 'canceled', cancelAtPeriodEnd: false, refunded: 3000 }]);
    const user = (await client.get('/api/auth/me/')).body.user;
    expect(user).toMatchObject({ is_pro: true, subscription_status: 'active' });
    const details = (await client.get('/api/billing/subscription/')).body.subscription;
    expect(details).toMatchObject({ status: 'active', canceled: false });
  });

  it('cancel stops every live subscription, even before the webhooks arrive', async () => {
    const email = 'cancelall@example.be';
    const demo = demoStripe(server);
    const client = await registeredClient(server, email);
    const me = (await client.get('/api/auth/me/')).body.user;
    const first = await client.post('/api/billing/create-checkout-session/');
    const customer = customerOf(email);
    const second = await forcedSecondSession(customer, String(me.id));
    await demo.webhooks.idle();
    // Webhooks lost on the way: the app has not heard of either payment.
    demo.setWebhookUrl(null);
    try {
      await submitCheckout(server, first.body.url, CARDS.ok);
      await submitCheckout(server, second, CARDS.ok);
      await demo.webhooks.idle();
      expect((await providerView(customer)).filter((s) => s.status === 'active')).toHaveLength(2);

      const cancel = await client.post('/api/billing/cancel/', undefined, { lang: 'en' });
      expect(cancel.status).toBe(200);
      expect(cancel.body.user).toMatchObject({ is_pro: true, subscription_status: 'canceled_at_period_end' });
      const view = await providerView(customer);
      // Nothing renews: the kept one ends at period end, the extra is ended now and refunded.
      expect(view.filter((s) => s.status !== 'canceled').map((s) => s.cancelAtPeriodEnd)).toEqual([true]);
      expect(view.filter((s) => s.status === 'canceled').map((s) => s.refunded)).toEqual([3000]);
    } finally {
      demo.setWebhookUrl(`${server.url}/api/billing/webhook/`);
    }
  });

  it('cancel and resume twice at once (double submit, two devices) give the same answer each time', async () => {
    const client = await registeredClient(server, 'twice@example.be');
    await client.csrf();
    const { sub } = await subscribe(server, client);
    const demo = demoStripe(server);
    demo.controls.latencyMs = 100;
    try {
      const cancels = await Promise.all(
        [1, 2].map(() => client.post('/api/billing/cancel/', undefined, { lang: 'nl' })),
      );
      expect(cancels.map((r) => [r.status, r.body.user.subscription_status])).toEqual([
        [200, 'canceled_at_period_end'],
        [200, 'canceled_at_period_end'],
      ]);
      expect(cancels[0]!.body.detail).toBe('Uw abonnement eindigt aan het einde van de betaalde periode.');
      expect(sub).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      const resumes = await Promise.all([1, 2].map(() => client.post('/api/billing/resume/')));
      expect(resumes.map((r) => [r.status, r.body.user.subscription_status])).toEqual([
        [200, 'active'],
        [200, 'active'],
      ]);
      expect(sub).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    } finally {
      demo.controls.latencyMs = 0;
    }
    const live = [...demo.store.subscriptions.values()].filter((s) => s.customer === sub.customer);
    expect(live).toHaveLength(1);
  });
});
