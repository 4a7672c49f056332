import type { Locale } from '@pharmaradar/shared/locales';
import { DEMO_PRICE, firstAmount, MONTH_S, newId, type Card, type Subscription } from './stripe-objects';
import type { StripeStore } from './stripe-store';
import type { DemoEvent, WebhookSender } from './stripe-webhooks';

/** Stripe's test cards (https://docs.stripe.com/testing) the hosted checkout understands. */
export const TEST_CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  authenticate: '4000002760003184',
} as const;

export type CardOutcome = 'ok' | 'declined' | 'authenticate' | 'invalid';

export function cardOutcome(number: string): CardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.ok) return 'ok';
  if (digits === TEST_CARDS.declined) return 'declined';
  if (digits === TEST_CARDS.authenticate) return 'authenticate';
  return 'invalid';
}

function brandOf(number: string): string {
  return number.startsWith('5') ? 'mastercard' : number.startsWith('3') ? 'amex' : 'visa';
}

/** What the hosted pages and the API do to the store, each followed by the webhooks Stripe would send. */
export function createStripeActions(store: StripeStore, hooks: WebhookSender) {
  const { json } = store;
  const subEvent = (type: string, sub: Subscription, previous?: Record<string, unknown>) =>
    hooks.event(type, json.subscription(sub), previous);

  function addCard(customer: string, number: string, expMonth: number, expYear: number): string {
    const digits = number.replace(/\D/g, '');
    const card: Card = { brand: brandOf(digits), last4: digits.slice(-4), exp_month: expMonth, exp_year: expYear };
    const pm = { id: newId('pm'), customer, card, created: store.nowS() };
    store.paymentMethods.set(pm.id, pm);
    const c = store.customers.get(customer);
    if (c) c.defaultPaymentMethod = pm.id;
    return pm.id;
  }

  return {
    /** A paid checkout: card saved, subscription active, first invoice paid, then the three webhooks. */
    completeCheckout(sessionId: string, card: { number: string; expMonth: number; expYear: number }): void {
      const session = store.checkouts.get(sessionId);
      if (!session || session.status !== 'open') return;
      const now = store.nowS();
      const pm = addCard(session.customer, card.number, card.expMonth, card.expYear);
      const sub: Subscription = {
        id: newId('sub'),
        customer: session.customer,
        status: 'active',
        cancelAtPeriodEnd: false,
        canceledAt: null,
        endedAt: null,
        created: now,
        periodStart: now,
        periodEnd: now + MONTH_S,
        defaultPaymentMethod: pm,
        metadata: session.subscriptionMetadata,
        priceId: session.priceId,
      };
      store.subscriptions.set(sub.id, sub);
      const invoice = store.addInvoice(sub, true, session.locale, firstAmount(session.promotionCode));
      session.status = 'complete';
      session.subscription = sub.id;
      hooks.send([
        hooks.event('checkout.session.completed', json.checkout(session)),
        subEvent('customer.subscription.created', sub),
        hooks.event('invoice.paid', json.invoice(invoice)),
      ]);
    },

    setCancelAtPeriodEnd(sub: Subscription, cancel: boolean): void {
      const previous = { cancel_at_period_end: sub.cancelAtPeriodEnd };
      sub.cancelAtPeriodEnd = cancel;
      sub.canceledAt = cancel ? store.nowS() : null;
      hooks.send([subEvent('customer.subscription.updated', sub, previous)]);
    },

    changeCard(customer: string, number: string, expMonth: number, expYear: number): void {
      const pm = addCard(customer, number, expMonth, expYear);
      for (const sub of store.subscriptions.values()) {
        if (sub.customer !== customer || sub.status === 'canceled') continue;
        const previous = { default_payment_method: sub.defaultPaymentMethod };
        sub.defaultPaymentMethod = pm;
        hooks.send([subEvent('customer.subscription.updated', sub, previous)]);
      }
    },

    /** The period ends: a scheduled cancellation takes effect, otherwise the renewal is paid or fails. */
    endPeriod(sub: Subscription, renewal: 'paid' | 'failed', locale: Locale = 'fr'): void {
      const events: DemoEvent[] = [];
      if (sub.cancelAtPeriodEnd || sub.status === 'canceled') {
        sub.status = 'canceled';
        sub.endedAt = sub.periodEnd;
        events.push(subEvent('customer.subscription.deleted', sub));
      } else {
        sub.periodStart = sub.periodEnd;
        sub.periodEnd = sub.periodStart + MONTH_S;
        const invoice = store.addInvoice(sub, renewal === 'paid', locale);
        const previous = { status: sub.status };
        sub.status = renewal === 'paid' ? 'active' : 'past_due';
        events.push(hooks.event(renewal === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', json.invoice(invoice)));
        events.push(subEvent('customer.subscription.updated', sub, previous));
      }
      hooks.send(events);
    },

    /** Cancels now (DELETE /v1/subscriptions/:id). */
    cancelNow(sub: Subscription): void {
      sub.status = 'canceled';
      sub.canceledAt = store.nowS();
      sub.endedAt = store.nowS();
      hooks.send([subEvent('customer.subscription.deleted', sub)]);
    },

    /** DELETE /v1/customers/:id: its subscriptions end at once, then the customer is gone. */
    deleteCustomer(id: string): void {
      const customer = store.customers.get(id);
      if (!customer || customer.deleted) return;
      const events: DemoEvent[] = [];
      for (const sub of store.subscriptions.values()) {
        if (sub.customer !== id || sub.status === 'canceled') continue;
        sub.status = 'canceled';
        sub.endedAt = store.nowS();
        events.push(subEvent('customer.subscription.deleted', sub));
      }
      const before = store.json.customer(customer);
      customer.deleted = true;
      events.push(hooks.event('customer.deleted', { ...before, deleted: true }));
      hooks.send(events);
    },

    /** The amount of the next invoice of a subscription that renews. */
    price: DEMO_PRICE,
  };
}

export type StripeActions = ReturnType<typeof createStripeActions>;
