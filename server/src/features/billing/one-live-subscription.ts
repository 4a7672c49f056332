import type Stripe from 'stripe';
import type { Logger } from '../../lib/log';
import {
  latestSubscription,
  liveSubscriptions,
  NO_SUBSCRIPTION,
  subscriptionState,
  type StripeGateway,
  type SubscriptionState,
} from './stripe-gateway';

export interface Settled {
  /** The state the user row keeps: the kept live subscription, else the newest ended one. */
  state: SubscriptionState;
  /** The one live subscription left (null when none). */
  kept: Stripe.Subscription | null;
}

/**
 * One customer has at most one live subscription (docs/decisions/129-one-live-subscription.md).
 * When two checkouts were both paid, the oldest live subscription stays; every newer one is refunded
 * and ended at once. The refund comes first: if the call after it fails, the retry (webhook retries,
 * the next cancel or resume) still finds the extra live and finishes, and the refund is not doubled
 * (Stripe answers charge_already_refunded, which counts as done).
 */
export async function settleOneLive(gateway: StripeGateway, customer: string, log: Logger): Promise<Settled> {
  const subs = await gateway.subscriptionsOf(customer);
  const live = liveSubscriptions(subs);
  for (const extra of live.slice(1)) {
    const refunded = await gateway.refundSubscription(extra.id);
    await gateway.cancelNow(extra.id);
    log.warn('second live subscription refunded and ended', { customer, subscription: extra.id, refunded });
  }
  const kept = live[0] ?? null;
  const shown = kept ?? latestSubscription(subs);
  return { state: shown ? subscriptionState(shown) : NO_SUBSCRIPTION, kept };
}
