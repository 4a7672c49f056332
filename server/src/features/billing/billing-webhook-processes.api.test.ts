import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../db/database';
import { databaseFile } from '../../db/cli-database';
import { createLeases } from '../../db/leases.repository';
import { createLogger } from '../../lib/log';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { createBillingRepository } from './billing.repository';
import { createBillingService, type BillingService } from './billing.service';
import { createStripeGateway } from './stripe-gateway';
import { demoStripe, postEvent, registeredClient, subscribe } from './billing.test-support';

/**
 * WEB_CONCURRENCY (ADR 177): a customer's webhooks run one at a time across server processes, not
 * only within one. The second process is a billing service on its own connection to the same file,
 * talking to the same Stripe look-alike; the look-alike answers slowly, so two webhooks that ran
 * together would take the time of one.
 */
let server: TestServer;
let otherDb: Db;
let other: BillingService;
beforeAll(async () => {
  server = await startTestServer();
  otherDb = openDatabase(databaseFile(server.env));
  const target = demoStripe(server).target;
  other = createBillingService({
    repo: createBillingRepository(otherDb),
    gateway: createStripeGateway(target, { maxNetworkRetries: 0 }),
    // Only the answers to a signed-in user read it; webhooks never do.
    users: { serialize: () => null },
    publicUrl: server.env.PUBLIC_URL,
    now: Date.now,
    log: createLogger({ level: 'silent' }),
    leases: createLeases(otherDb),
  });
});
afterAll(async () => {
  closeDatabase(otherDb);
  await server.close();
});

function signed(event: Record<string, unknown>): { payload: string; header: string } {
  const payload = JSON.stringify(event);
  const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
    payload,
    secret: demoStripe(server).target.webhookSecret,
  });
  return { payload, header };
}

describe('webhooks of one customer on two server processes', () => {
  it('run one after the other, each re-reading Stripe after the other committed', async () => {
    const demo = demoStripe(server);
    const client = await registeredClient(server, 'two.processes@example.be');
    const { sub } = await subscribe(server, client);
    const event = () => demo.webhooks.event('customer.subscription.updated', demo.store.json.subscription(sub));
    demo.controls.latencyMs = 300;
    try {
      // One webhook alone, for its duration on this machine.
      let started = Date.now();
      expect((await postEvent(server, event())).body.result).toBe('applied');
      const alone = Date.now() - started;

      sub.cancelAtPeriodEnd = true;
      const second = signed(event());
      started = Date.now();
      const [here, there] = await Promise.all([
        postEvent(server, event()),
        other.webhook(second.payload, second.header),
      ]);
      const together = Date.now() - started;
      expect(here.body.result).toBe('applied');
      expect(there.result).toBe('applied');
      // Two processes, one customer: the second waited for the first.
      expect(together).toBeGreaterThanOrEqual(alone * 1.8);
      expect((await client.get('/api/auth/me/')).body.user.subscription_status).toBe('canceled_at_period_end');
    } finally {
      demo.controls.latencyMs = 0;
    }
  }, 60_000);
});
