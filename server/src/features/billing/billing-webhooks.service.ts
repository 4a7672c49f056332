import type Stripe from 'stripe';
import { withLease } from '../../db/leases.repository';
import { HttpError } from '../../lib/http-error';
import { BILLING_MESSAGES as M } from './billing.messages';
import type { BillingServiceDeps } from './billing-service-deps';
import type { ProviderReads } from './provider-reads';
import { settleOneLive } from './one-live-subscription';
import { isMissingCustomer, type SubscriptionState } from './stripe-gateway';

/** A webhook's hold on its customer: longer than its Stripe reads can take. */
const WEBHOOK_LEASE_MS = 60_000;
/** Past this, a webhook runs anyway: Stripe would give up on it and send it again. */
const WEBHOOK_MAX_WAIT_MS = 15_000;

/** Events whose customer's state is re-read; any other type is recorded and ignored. */
const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.deleted',
]);

/** The fields of an event's object billing reads (checkout session, subscription, invoice, customer). */
interface EventObject {
  id?: string;
  customer?: string | { id: string } | null;
  client_reference_id?: string | null;
}

function customerOf(object: EventObject): string | null {
  const c = object.customer;
  return typeof c === 'string' ? c : (c?.id ?? null);
}

/**
 * Stripe's webhooks: each event re-reads its customer's subscriptions from Stripe (the event's own
 * copy may be stale or out of order) and is applied once per event id, one customer at a time.
 */
export function createBillingWebhooks(deps: BillingServiceDeps & { reads: ProviderReads }) {
  const { repo, gateway, log, now, reads } = deps;
  /** One webhook at a time per customer: each re-reads Stripe after the previous one committed. */
  const chains = new Map<string, Promise<unknown>>();

  async function applyEvent(event: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
    const object = event.data.object as unknown as EventObject;
    const customer = event.type === 'customer.deleted' ? (object.id ?? null) : customerOf(object);
    let row = customer ? repo.findByCustomer(customer) : undefined;
    if (!row && customer && event.type === 'checkout.session.completed') {
      // The customer is created before checkout, so this is only a row that lost it meanwhile.
      const userId = Number(object.client_reference_id);
      if (Number.isSafeInteger(userId)) row = repo.setCustomerOnce(userId, customer, now());
      if (row?.stripe_customer_id !== customer) row = undefined;
    }
    if (!HANDLED.has(event.type) || !row || !customer) {
      return repo.applyEventOnce(event.id, event.type, now(), () => {}) ? 'ignored' : 'duplicate';
    }
    let state: SubscriptionState | 'deleted';
    if (event.type === 'customer.deleted') state = 'deleted';
    else {
      try {
        // A second paid checkout (two devices) is refunded and ended here (ADR 129).
        state = (await settleOneLive(gateway, customer, log)).state;
      } catch (error) {
        if (!isMissingCustomer(error)) {
          log.warn('webhook: Stripe unreachable, the event will be retried', { type: event.type });
          throw new HttpError(503, 'webhook_failed', M.webhookFailed);
        }
        state = 'deleted';
      }
    }
    const userId = row.id;
    const applied = repo.applyEventOnce(event.id, event.type, now(), () => {
      if (state === 'deleted') repo.forgetCustomer(userId, now());
      else repo.writeState(userId, state, now());
    });
    // After the commit: a read started before it is not remembered (provider-reads.ts).
    reads.invalidate(userId);
    return applied ? 'applied' : 'duplicate';
  }

  /** POST /api/billing/webhook/: signature on the raw body, then one transaction per event id. */
  async function receive(rawBody: string, signature: string | undefined): Promise<{ received: true; result: string }> {
    let event: Stripe.Event;
    try {
      event = gateway.constructEvent(rawBody, signature ?? '');
    } catch {
      throw new HttpError(400, 'invalid_signature', M.invalidSignature);
    }
    const object = event.data.object as unknown as EventObject;
    const key = (event.type === 'customer.deleted' ? object.id : customerOf(object)) ?? event.id;
    const previous = chains.get(key) ?? Promise.resolve();
    const leases = deps.leases;
    const apply = () =>
      leases
        ? withLease(leases, `webhook:${key}`, { ttlMs: WEBHOOK_LEASE_MS, maxWaitMs: WEBHOOK_MAX_WAIT_MS }, () =>
            applyEvent(event),
          )
        : applyEvent(event);
    const run = previous.catch(() => {}).then(apply);
    chains.set(key, run);
    try {
      const result = await run;
      log.info('stripe webhook', { type: event.type, result });
      return { received: true, result };
    } finally {
      if (chains.get(key) === run) chains.delete(key);
    }
  }

  return { receive };
}
