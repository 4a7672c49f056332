import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient, type TestResponse } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import {
  CARDS,
  demoStripe,
  eventually,
  pathOf,
  registeredClient,
  submitCheckout,
  subscribe,
} from './billing.test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('billing API against the local Stripe look-alike', () => {
  it('requires login on every billing call, and CSRF on every POST but the webhook', async () => {
    const anonymous = createTestClient(server.url);
    for (const [method, path] of [
      ['POST', '/api/billing/create-checkout-session/'],
      ['POST', '/api/billing/create-portal-session/'],
      ['GET', '/api/billing/check-subscription/'],
      ['GET', '/api/billing/subscription/'],
      ['POST', '/api/billing/cancel/'],
      ['POST', '/api/billing/resume/'],
    ] as const) {
      const res = await anonymous.request(method, path, { lang: 'en' });
      expect([res.status, res.body.code, res.body.detail], path).toEqual([
        401,
        'unauthorized',
        'Login required. You are not logged in.',
      ]);
    }
    const client = await registeredClient(server, 'csrf@example.be');
    for (const path of ['create-checkout-session', 'create-portal-session', 'cancel', 'resume']) {
      const res = await client.post(`/api/billing/${path}/`, undefined, { csrf: false });
      expect([res.status, res.body.code], path).toEqual([403, 'csrf_failed']);
    }
  });

  it('free user: me carries plan, status and quota fields; no subscription yet', async () => {
    const client = await registeredClient(server, 'free@example.be');
    const me = (await client.get('/api/auth/me/')).body.user;
    expect(me).toMatchObject({
      plan: 'free',
      is_pro: false,
      subscription_status: 'none',
      search_quota: 0,
      search_used: 0,
    });
    expect((await client.get('/api/billing/subscription/')).body).toEqual({ subscription: null });
    const portal = await client.post('/api/billing/create-portal-session/', undefined, { lang: 'en' });
    expect([portal.status, portal.body.code]).toEqual([404, 'no_subscription']);
    const cancel = await client.post('/api/billing/cancel/');
    expect([cancel.status, cancel.body.code]).toEqual([404, 'no_subscription']);
    const check = await client.get('/api/billing/check-subscription/');
    expect(check.body.user).toMatchObject({ email: 'free@example.be', plan: 'free' });
  });

  it('checkout → test card → webhooks → Pro; one customer kept; a second checkout is refused', async () => {
    const client = await registeredClient(server, 'pro@example.be');
    const first = await client.post('/api/billing/create-checkout-session/', undefined, { lang: 'nl' });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/\/__demo\/stripe\/checkout\/cs_test_/);
    const page = await fetch(new URL(pathOf(first.body.url), server.url));
    const html = await page.text();
    expect(html).toContain('Testbetaling: er wordt geen geld overgemaakt.');
    expect(html).toContain('lang="nl"');

    const again = await client.post('/api/billing/create-checkout-session/', {});
    // A second click reuses the session still open (ADR 129).
    expect(again.body.url).toBe(first.body.url);
    const customers = [...demoStripe(server).store.customers.values()].filter((c) => c.email === 'pro@example.be');
    expect(customers).toHaveLength(1);
    expect(
      demoStripe(server).store.checkouts.get(pathOf(again.body.url).split('/').pop()!.split('?')[0]!)?.customer,
    ).toBe(customers[0]!.id);

    const paid = await submitCheckout(server, first.body.url, CARDS.ok);
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/\/nl\/congrats\?session_id=cs_test_/);
    const me = await eventually(async () => {
      const res = await client.get('/api/billing/check-subscription/');
      return res.body.user.is_pro ? res.body.user : null;
    });
    expect(me).toMatchObject({ plan: 'pro', subscription_status: 'active', search_quota: 2000 });
    expect(Date.parse(me.pro_until)).toBeGreaterThan(Date.now());

    const third = await client.post('/api/billing/create-checkout-session/', undefined, { lang: 'en' });
    expect([third.status, third.body.code]).toEqual([409, 'already_pro']);
  });

  it('a declined card shows the error and gives nothing; the confirmation step succeeds or fails', async () => {
    const client = await registeredClient(server, 'cards@example.be');
    const { body } = await client.post('/api/billing/create-checkout-session/', undefined, { lang: 'en' });
    const declined = await submitCheckout(server, body.url, CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Your card was declined.');
    expect((await client.get('/api/billing/check-subscription/')).body.user.is_pro).toBe(false);

    const ask = await submitCheckout(server, body.url, CARDS.authenticate);
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('Confirm the payment');
    const confirm = (result: string) =>
      fetch(new URL(`${pathOf(body.url).split('?')[0]}/authenticate?lang=en`, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card: CARDS.authenticate, expiry: '12/40', cvc: '123', result }),
        redirect: 'manual',
      });
    const failed = await confirm('fail');
    expect(await failed.text()).toContain('The confirmation failed.');
    expect((await client.get('/api/billing/check-subscription/')).body.user.is_pro).toBe(false);
    const approved = await confirm('approve');
    expect(approved.status).toBe(303);
    await eventually(async () => (await client.get('/api/auth/me/')).body.user.is_pro);
  });

  it('subscription details, cancel at period end, resume, and the portal doing the same', async () => {
    const client = await registeredClient(server, 'details@example.be');
    await subscribe(server, client);
    const details = (await client.get('/api/billing/subscription/')).body.subscription;
    expect(details).toMatchObject({
      status: 'active',
      plan: 'PharmaRadar Pro',
      price: { amount: 3000, currency: 'eur', interval: 'month' },
      cancel_at_period_end: false,
      canceled: false,
      payment_method: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 },
      other_payment_methods: [],
      upcoming_invoice: { amount_due: 3000, currency: 'eur' },
    });
    expect(details.invoices).toHaveLength(1);
    expect(details.invoices[0].hosted_invoice_url).toMatch(/\/__demo\/stripe\/invoices\/in_/);
    const pdf = await fetch(new URL(pathOf(details.invoices[0].invoice_pdf), server.url));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);

    const cancel = await client.post('/api/billing/cancel/', undefined, { lang: 'en' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.detail).toBe('Your subscription will end at the end of the paid period.');
    expect(cancel.body.user).toMatchObject({ is_pro: true, subscription_status: 'canceled_at_period_end' });
    const scheduled = (await client.get('/api/billing/subscription/')).body.subscription;
    expect(scheduled).toMatchObject({ cancel_at_period_end: true, upcoming_invoice: null });

    const resume = await client.post('/api/billing/resume/');
    expect(resume.body.user).toMatchObject({ is_pro: true, subscription_status: 'active' });

    const portal = await client.post('/api/billing/create-portal-session/', undefined, { lang: 'fr' });
    expect(portal.body.url).toMatch(/\/__demo\/stripe\/portal\/bps_/);
    const portalPath = pathOf(portal.body.url);
    const portalPage = await (await fetch(new URL(portalPath, server.url))).text();
    expect(portalPage).toContain('Paiement de test : aucun argent n’est prélevé.');
    expect(portalPage).toContain('Résilier l’abonnement');
    const post = (action: string, form: Record<string, string> = {}) =>
      fetch(new URL(`${portalPath.split('?')[0]}/${action}`, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
        redirect: 'manual',
      });
    expect((await post('cancel')).status).toBe(303);
    await eventually(
      async () => (await client.get('/api/auth/me/')).body.user.subscription_status === 'canceled_at_period_end',
    );
    await post('resume');
    await eventually(async () => (await client.get('/api/auth/me/')).body.user.subscription_status === 'active');
    await post('card', { card: CARDS.ok, expiry: '03/41', cvc: '123' });
    const changed = (await client.get('/api/billing/subscription/')).body.subscription;
    expect(changed.payment_method).toMatchObject({ exp_month: 3, exp_year: 2041 });
    expect(changed.other_payment_methods).toEqual([{ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 }]);
  });

  it('the period ends: a failed renewal keeps Pro (past_due), a scheduled cancellation ends it', async () => {
    const client = await registeredClient(server, 'period@example.be');
    const { sub } = await subscribe(server, client);
    demoStripe(server).actions.endPeriod(sub, 'failed');
    await eventually(async () => (await client.get('/api/auth/me/')).body.user.subscription_status === 'past_due');
    expect((await client.get('/api/auth/me/')).body.user.is_pro).toBe(true);
    await client.post('/api/billing/cancel/');
    demoStripe(server).actions.endPeriod(sub, 'paid');
    const me = await eventually(async () => {
      const user = (await client.get('/api/auth/me/')).body.user;
      return user.subscription_status === 'canceled' ? user : null;
    });
    expect(me).toMatchObject({ is_pro: false, plan: 'free' });
    expect((await client.get('/api/billing/subscription/')).body.subscription).toMatchObject({ canceled: true });
  });

  it.each<[string, boolean, (client: TestClient) => Promise<TestResponse>, string, string]>([
    [
      'checkout',
      false,
      (client) => client.post('/api/billing/create-checkout-session/', undefined, { lang: 'en' }),
      'checkout_failed',
      'Unable to open checkout.',
    ],
    [
      'subscription',
      true,
      (client) => client.get('/api/billing/subscription/', { lang: 'en' }),
      'subscription_unavailable',
      'Unable to load subscription.',
    ],
    [
      'portal',
      true,
      (client) => client.post('/api/billing/create-portal-session/', undefined, { lang: 'nl' }),
      'portal_failed',
      'Kan het facturatieportaal niet openen.',
    ],
  ])(
    'a Stripe failure on %s becomes a translated answer, never a 500',
    async (name, subscribed, request, code, detail) => {
      const client = await registeredClient(server, `down-${name}@example.be`);
      if (subscribed) await subscribe(server, client);
      const demo = demoStripe(server);
      demo.controls.failing = true;
      try {
        const answer = await request(client);
        expect([answer.status, answer.body.code, answer.body.detail]).toEqual([502, code, detail]);
      } finally {
        demo.controls.failing = false;
      }
    },
  );

  it('a checkout for an unknown plan is refused as invalid', async () => {
    const client = await registeredClient(server, 'gold@example.be');
    const bad = await client.post('/api/billing/create-checkout-session/', { plan: 'gold' });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation']);
  });

  it('concurrent checkouts share one session; one portal request in flight per user', async () => {
    const client = await registeredClient(server, 'inflight@example.be');
    await client.csrf();
    const demo = demoStripe(server);
    // Stripe answers slowly: the three requests overlap.
    demo.controls.latencyMs = 400;
    try {
      // A double submit (or a second device) gets the same open checkout, never a second one (ADR 129).
      const checkouts = await Promise.all(
        [1, 2, 3].map(() => client.post('/api/billing/create-checkout-session/', undefined, { lang: 'en' })),
      );
      expect(checkouts.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set(checkouts.map((a) => a.body.url)).size).toBe(1);
      const answers = await Promise.all(
        [1, 2, 3].map(() => client.post('/api/billing/create-portal-session/', undefined, { lang: 'en' })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
      expect(answers.filter((a) => a.status === 429).map((a) => a.body.code)).toEqual(['in_progress', 'in_progress']);
    } finally {
      demo.controls.latencyMs = 0;
    }
  });
});
