import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { closeServer } from '../../lib/close-server';
import { createStripeActions, type StripeActions } from './stripe-actions';
import { createStripeApi, type ApiControls } from './stripe-api';
import { createStripePages } from './stripe-pages';
import { DEMO_PRICE } from './stripe-objects';
import { createStripeStore, type StripeStore } from './stripe-store';
import { createWebhookSender, type WebhookSender } from './stripe-webhooks';

/** Where the app serves the look-alike's hosted pages (checkout, portal, invoices) to browsers. */
export const DEMO_STRIPE_PATH = '/__demo/stripe';

export interface DemoStripe {
  /** What the billing feature points the real SDK at. */
  target: {
    secretKey: string;
    webhookSecret: string;
    prices: { pro_monthly: string };
    local: { host: string; port: number };
  };
  store: StripeStore;
  actions: StripeActions;
  webhooks: WebhookSender;
  controls: ApiControls;
  /** Serves the hosted pages on the app under DEMO_STRIPE_PATH. */
  mount(app: Hono): void;
  /** Where signed webhooks go (the app's /api/billing/webhook/, known once it listens). */
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
}

/**
 * The local Stripe look-alike of demo mode and tests (docs/architecture.md#running-modes): its API on a loopback port for the
 * SDK, its hosted pages on the app, webhooks signed with a secret made up at each start.
 */
export async function startDemoStripe(options: { publicUrl: string; nowS?: () => number }): Promise<DemoStripe> {
  const nowS = options.nowS ?? (() => Math.floor(Date.now() / 1000));
  const secretKey = `sk_test_demo_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_demo_${randomBytes(24).toString('base64url')}`;
  const store = createStripeStore(`${options.publicUrl}${DEMO_STRIPE_PATH}`, nowS);
  const webhooks = createWebhookSender(webhookSecret, nowS);
  const actions = createStripeActions(store, webhooks);
  const controls: ApiControls = { failing: false, latencyMs: 0, unreachable: false, calls: 0 };
  const api = createStripeApi(store, actions, secretKey, controls);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: api.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as Server)) as Server;
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    target: { secretKey, webhookSecret, prices: { pro_monthly: DEMO_PRICE.id }, local: { host: '127.0.0.1', port } },
    store,
    actions,
    webhooks,
    controls,
    mount(app) {
      app.route(DEMO_STRIPE_PATH, createStripePages(store, actions, DEMO_STRIPE_PATH));
    },
    setWebhookUrl: (url) => webhooks.setTarget(url),
    async close() {
      webhooks.setTarget(null);
      await closeServer(server);
    },
  };
}
