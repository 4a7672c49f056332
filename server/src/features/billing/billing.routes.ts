import { Hono, type Context } from 'hono';
import { checkoutRequestSchema, type CheckoutRequest } from '@pharmaradar/shared/billing.schema';
import { HttpError } from '../../lib/http-error';
import { clientAddress } from '../../lib/client-address';
import { COMMON_MESSAGES, localize, requestLocale } from '../../lib/i18n';
import { rateLimit } from '../../lib/rate-limit';
import { validationError } from '../../lib/validate';
import { BILLING_MESSAGES } from './billing.messages';
import type { BillingService } from './billing.service';
import type { Db } from '../../db/database';

function userId(c: Context): number {
  const user = c.get('user');
  if (!user) throw new HttpError(401, 'unauthorized', BILLING_MESSAGES.loginRequired);
  return user.id;
}

/** docs/architecture.md#billing-and-plans sends no body; a JSON body may name the plan and a promotion code (docs/architecture.md#billing-and-plans). */
async function checkoutInput(c: Context): Promise<CheckoutRequest> {
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'invalid_json', COMMON_MESSAGES.invalidJson);
    }
  }
  const parsed = checkoutRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

const MINUTE = 60_000;
/** Reads per user (both read endpoints together): the subscription page and the congrats polling fit well inside. */
export const BILLING_READS_PER_USER = 30;
/** Reads per connection, whoever is signed in on it. */
export const BILLING_READS_PER_CONNECTION = 60;

const connectionOf = (c: Context): string => c.get('clientIp') ?? clientAddress(c, false);

/**
 * The two reads that reach the payment provider are paced per user and per connection (on the
 * wall clock, never the demo clock), on top of the service's short per-user cache: one client
 * looping on them cannot use up the provider's per-account request budget for everyone.
 */
function billingReadLimits(db: Db) {
  const perUser = rateLimit({
    name: 'billing-read-user',
    windowMs: MINUTE,
    max: BILLING_READS_PER_USER,
    key: (c) => `user:${c.get('user')?.id ?? connectionOf(c)}`,
    db,
  });
  const perConnection = rateLimit({
    name: 'billing-read-connection',
    windowMs: MINUTE,
    max: BILLING_READS_PER_CONNECTION,
    key: connectionOf,
    db,
  });
  return [perConnection, perUser] as const;
}

/** /api/billing/* (CSRF on every POST but the signed webhook; login required but for the webhook). */
export function createBillingRoutes(billing: BillingService, db: Db): Hono {
  const r = new Hono();
  const readLimits = billingReadLimits(db);

  r.post('/billing/create-checkout-session/', async (c) => {
    const id = userId(c);
    return c.json(await billing.checkout(id, await checkoutInput(c), requestLocale(c)));
  });
  r.post('/billing/create-portal-session/', async (c) => c.json(await billing.portal(userId(c), requestLocale(c))));
  // A GET that writes only the copy of Stripe's state (docs/architecture.md#billing-and-plans makes it a GET).
  r.get('/billing/check-subscription/', ...readLimits, async (c) => c.json(await billing.checkSubscription(userId(c))));
  r.get('/billing/subscription/', ...readLimits, async (c) => c.json(await billing.details(userId(c))));
  for (const action of ['cancel', 'resume'] as const) {
    r.post(`/billing/${action}/`, async (c) => {
      const { detail, user } = await billing[action](userId(c));
      return c.json({ detail: localize(detail, requestLocale(c)), user });
    });
  }
  r.post('/billing/webhook/', async (c) => {
    // The raw text, never parsed JSON: the signature covers the exact bytes (docs/security.md#payments).
    const raw = await c.req.text();
    return c.json(await billing.webhook(raw, c.req.header('stripe-signature')));
  });

  return r;
}
