import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { demoStripe, eventually, postEvent, registeredClient, subscribe } from './billing.test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const eventCount = (id: string) =>
  (server.db.prepare('SELECT count(*) AS n FROM billing_events WHERE id = ?').get(id) as { n: number }).n;

describe('POST /api/billing/webhook/', () => {
  it('refuses a bad signature, a changed byte, an old timestamp and a missing header', async () => {
    const client = await registeredClient(server, 'sig@example.be');
    const { sub } = await subscribe(server, client);
    const event = demoStripe(server).webhooks.event(
      'customer.subscription.updated',
      demoStripe(server).store.json.subscription(sub),
    );
    for (const options of [
      { secret: 'whsec_wrong' },
      { tamper: true },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
    ]) {
      const res = await postEvent(server, event, options);
      expect([res.status, res.body.code], JSON.stringify(options)).toEqual([400, 'invalid_signature']);
    }
    const bare = await fetch(new URL('/api/billing/webhook/', server.url), {
      method: 'POST',
      body: JSON.stringify(event),
    });
    expect(bare.status).toBe(400);
    expect(eventCount(event.id)).toBe(0);
    expect((await postEvent(server, event)).body.result).toBe('applied');
  });

  it('applies a replayed event once', async () => {
    const client = await registeredClient(server, 'replay@example.be');
    const { sub } = await subscribe(server, client);
    const demo = demoStripe(server);
    // Stripe now says "cancel at period end", but only this event tells the app.
    sub.cancelAtPeriodEnd = true;
    const event = demo.webhooks.event('customer.subscription.updated', demo.store.json.subscription(sub));
    expect((await postEvent(server, event)).body.result).toBe('applied');
    expect((await client.get('/api/auth/me/')).body.user.subscription_status).toBe('canceled_at_period_end');
    // Taken back in Stripe; replays of the old event must not apply anything, not even a re-read.
    sub.cancelAtPeriodEnd = false;
    for (let i = 0; i < 5; i++) expect((await postEvent(server, event)).body.result).toBe('duplicate');
    expect(eventCount(event.id)).toBe(1);
    expect((await client.get('/api/auth/me/')).body.user.subscription_status).toBe('canceled_at_period_end');
  });

  it('ends in Stripe’s latest state whatever the order and duplicates of deliveries', async () => {
    const demo = demoStripe(server);
    const client = await registeredClient(server, 'order@example.be');
    demo.webhooks.faults.reverse = true;
    demo.webhooks.faults.duplicate = true;
    demo.webhooks.faults.delayMs = 50;
    try {
      const { sub } = await subscribe(server, client);
      // cancel then resume in Stripe; the two updated events arrive reversed, each twice.
      demo.actions.setCancelAtPeriodEnd(sub, true);
      demo.actions.setCancelAtPeriodEnd(sub, false);
      demo.actions.endPeriod(sub, 'failed');
      await demo.webhooks.idle();
    } finally {
      Object.assign(demo.webhooks.faults, { reverse: false, duplicate: false, delayMs: 0 });
    }
    const statuses = demo.webhooks.delivered.slice(-4).map((d) => d.status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const me = (await client.get('/api/auth/me/')).body.user;
    expect(me).toMatchObject({ subscription_status: 'past_due', is_pro: true });
  });

  it('a deleted customer: the user goes back to free and a new checkout makes a new customer', async () => {
    const demo = demoStripe(server);
    const client = await registeredClient(server, 'deleted@example.be');
    const { sub } = await subscribe(server, client);
    demo.actions.deleteCustomer(sub.customer);
    await demo.webhooks.idle();
    const me = await eventually(async () => {
      const user = (await client.get('/api/auth/me/')).body.user;
      return user.is_pro ? null : user;
    });
    expect(me.subscription_status).toBe('none');
    expect((await client.get('/api/billing/subscription/')).body).toEqual({ subscription: null });
    const again = await client.post('/api/billing/create-checkout-session/');
    expect(again.status).toBe(200);
    const session = [...demo.store.checkouts.values()].at(-1)!;
    expect(session.customer).not.toBe(sub.customer);
  });

  it('a customer deleted while no webhook arrives is noticed by check-subscription', async () => {
    const demo = demoStripe(server);
    const client = await registeredClient(server, 'silent@example.be');
    const { sub } = await subscribe(server, client);
    demo.webhooks.setTarget(null);
    try {
      demo.actions.deleteCustomer(sub.customer);
      await demo.webhooks.idle();
    } finally {
      demo.webhooks.setTarget(`${server.url}/api/billing/webhook/`);
    }
    expect((await client.get('/api/auth/me/')).body.user.is_pro).toBe(true);
    const checked = await client.get('/api/billing/check-subscription/');
    expect(checked.body.user).toMatchObject({ is_pro: false, subscription_status: 'none' });
  });

  it('answers 503 while Stripe cannot be read, so that Stripe retries; nothing recorded', async () => {
    const demo = demoStripe(server);
    const client = await registeredClient(server, 'retry@example.be');
    const { sub } = await subscribe(server, client);
    const event = demo.webhooks.event('customer.subscription.updated', demo.store.json.subscription(sub));
    demo.controls.failing = true;
    try {
      const res = await postEvent(server, event);
      expect([res.status, res.body.code]).toEqual([503, 'webhook_failed']);
    } finally {
      demo.controls.failing = false;
    }
    expect(eventCount(event.id)).toBe(0);
    expect((await postEvent(server, event)).body.result).toBe('applied');
  });

  it('records and ignores events of unknown customers and other types', async () => {
    const demo = demoStripe(server);
    const event = demo.webhooks.event('customer.subscription.updated', {
      id: 'sub_x',
      object: 'subscription',
      customer: 'cus_unknown',
    });
    expect((await postEvent(server, event)).body.result).toBe('ignored');
    const other = demo.webhooks.event('charge.refunded', { id: 'ch_x', object: 'charge', customer: null });
    expect((await postEvent(server, other)).body.result).toBe('ignored');
    expect((await postEvent(server, other)).body.result).toBe('duplicate');
  });
});
