/** Helpers of the billing API tests (not a test file itself). */
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { DemoStripe } from '../../demo/stripe/demo-stripe';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0027 6000 3184',
} as const;

export function demoStripe(server: TestServer): DemoStripe {
  const demo = server.deps.demoStripe;
  if (!demo) throw new Error('the test server runs without the Stripe look-alike');
  return demo;
}

/** Polls until `check` returns something truthy (webhooks arrive in the background). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Registers through the API and verifies with the mailed code: the client is logged in. */
export async function registeredClient(server: TestServer, email: string): Promise<TestClient> {
  const client = createTestClient(server.url);
  const res = await client.post('/api/auth/register/', {
    email,
    password: 'Correct horse 42',
    first_name: 'Anne',
    last_name: 'Peeters',
    is_pharmacist: true,
    accept_terms: true,
  });
  expect(res.status).toBe(201);
  const mail = await eventually(() => server.readOutbox().find((m) => m.to.includes(email)));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const verified = await client.post('/api/auth/verify-otp/', { email, code });
  expect(verified.status).toBe(200);
  return client;
}

/** The hosted page path of a look-alike URL (its origin is PUBLIC_URL, not the test server's). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** Submits the hosted checkout form like a browser (form POST, redirects not followed). */
export async function submitCheckout(server: TestServer, checkoutUrl: string, card: string, expiry = '12/40') {
  const res = await fetch(new URL(pathOf(checkoutUrl), server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, expiry, cvc: '123', name: 'Anne Peeters' }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/** Checkout → test card → Pro (webhooks applied). Returns the look-alike's subscription. */
export async function subscribe(server: TestServer, client: TestClient) {
  const checkout = await client.post('/api/billing/create-checkout-session/');
  expect(checkout.status).toBe(200);
  const paid = await submitCheckout(server, checkout.body.url, CARDS.ok);
  expect(paid.status).toBe(303);
  await demoStripe(server).webhooks.idle();
  const me = await eventually(async () => {
    const res = await client.get('/api/auth/me/');
    return res.body.user.is_pro ? res.body.user : null;
  });
  const sub = [...demoStripe(server).store.subscriptions.values()].at(-1);
  if (!sub) throw new Error('no subscription in the look-alike');
  return { me, sub };
}

/** POSTs an event to the webhook signed with `secret` at `timestamp` (default now), like Stripe. */
export async function postEvent(
  server: TestServer,
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const payload = JSON.stringify(event);
  const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? demoStripe(server).target.webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  const body = options.tamper ? payload.replace('"object":"event"', '"object":"event" ') : payload;
  const res = await fetch(new URL('/api/billing/webhook/', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code?: string; result?: string } };
}
