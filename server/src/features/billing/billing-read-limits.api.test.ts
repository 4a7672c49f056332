import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { demoStripe, registeredClient, subscribe } from './billing.test-support';
import { BILLING_READS_PER_CONNECTION, BILLING_READS_PER_USER } from './billing.routes';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the subscription reads are paced and cached', () => {
  // First: the burst below uses up this connection's budget for the minute.
  it('a change clears the remembered answer: cancel shows at once on the subscription page', async () => {
    const client = await registeredClient(server, 'fresh@example.be');
    await subscribe(server, client);
    expect((await client.get('/api/billing/subscription/')).body.subscription.cancel_at_period_end).toBe(false);
    await client.post('/api/billing/cancel/');
    expect((await client.get('/api/billing/subscription/')).body.subscription.cancel_at_period_end).toBe(true);
    // A change made elsewhere (the provider's portal) arrives by webhook and clears it too.
    const sub = [...demoStripe(server).store.subscriptions.values()].at(-1)!;
    demoStripe(server).actions.setCancelAtPeriodEnd(sub, false);
    await demoStripe(server).webhooks.idle();
    expect((await client.get('/api/billing/subscription/')).body.subscription.cancel_at_period_end).toBe(false);
  });

  it('a burst costs a few provider calls; past the per-user and per-connection limits it gets 429', async () => {
    const client = await registeredClient(server, 'burst@example.be');
    await subscribe(server, client);
    const demo = demoStripe(server);
    await demo.webhooks.idle();
    const before = demo.controls.calls;
    const paths = ['/api/billing/subscription/', '/api/billing/check-subscription/'];
    const answers = await Promise.all(
      Array.from({ length: BILLING_READS_PER_USER + 10 }, (_, i) => client.get(paths[i % 2]!, { lang: 'nl' })),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(BILLING_READS_PER_USER);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.body).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/^Te veel/),
    });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // One details round (subscription, cards, invoices, upcoming) and one sync (customer, list).
    expect(demo.controls.calls - before).toBeLessThanOrEqual(6);

    // Another user on the same connection: the connection's budget is what is left.
    const other = await registeredClient(server, 'burst-two@example.be');
    // The first test made three reads on this connection.
    const left = BILLING_READS_PER_CONNECTION - 3 - answers.length;
    const more = await Promise.all(
      Array.from({ length: left + 3 }, () => other.get('/api/billing/check-subscription/')),
    );
    expect(more.filter((a) => a.status === 200)).toHaveLength(left);
    expect(more.filter((a) => a.status === 429)).toHaveLength(3);
  });
});
