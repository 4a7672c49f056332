import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/helpers/test-server';
import { EnvError } from './env';

// Live mode without STRIPE_* would take no payment and make anyone Pro with the public test card
// (ADR 123): it refuses to start, unless BILLING_TEST_CHECKOUT=true asks for it, loudly.

const LIVE = { RETAILERS_MODE: 'live', RETAILERS: 'farmaline', FARMALINE_BASE_URL: 'http://127.0.0.1:9' };

describe('live mode and the Stripe keys', () => {
  it('refuses to start without them, naming the missing variables and the opt-out', async () => {
    const start = startTestServer(LIVE);
    await expect(start).rejects.toBeInstanceOf(EnvError);
    await expect(start).rejects.toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO_MONTHLY: must be set/,
    );
    await expect(start).rejects.toThrow(/BILLING_TEST_CHECKOUT=true/);
  });

  it('starts with the test checkout when BILLING_TEST_CHECKOUT=true, warning about it', async () => {
    const server = await startTestServer({ ...LIVE, BILLING_TEST_CHECKOUT: 'true' });
    try {
      expect(server.deps.demoStripe).not.toBeNull();
      expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
      expect(server.logs().some((line) => /WARN .*BILLING_TEST_CHECKOUT=true.*LOCAL TEST CHECKOUT/.test(line))).toBe(
        true,
      );
    } finally {
      await server.close();
    }
  });

  it('starts with the Stripe keys, without the test checkout or its warning', async () => {
    const server = await startTestServer({
      ...LIVE,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_PRO_MONTHLY: 'price_x',
    });
    try {
      expect(server.deps.demoStripe ?? null).toBeNull();
      expect(server.logs().some((line) => line.includes('BILLING_TEST_CHECKOUT'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('demo mode keeps the local look-alike without any opt-out', async () => {
    const server = await startTestServer({});
    try {
      expect(server.deps.demoStripe).not.toBeNull();
      expect(server.logs().some((line) => line.includes('BILLING_TEST_CHECKOUT'))).toBe(false);
    } finally {
      await server.close();
    }
  });
});
