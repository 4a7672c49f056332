import Stripe from 'stripe';

/** Where the SDK sends its requests: api.stripe.com, or the local look-alike in demo mode and tests. */
export interface StripeTarget {
  secretKey: string;
  webhookSecret: string;
  /** Stripe price id per checkout plan. */
  prices: { pro_monthly: string };
  /** Local look-alike: host, port and http (docs/architecture.md#running-modes); absent = the real Stripe. */
  local?: { host: string; port: number };
}

/** The subscription facts the user row keeps (state re-read from Stripe, never from event order). */
export interface SubscriptionState {
  subscriptionId: string | null;
  /** Stripe's status, with active/trialing + cancel_at_period_end reported as canceled_at_period_end. */
  status: string;
  priceId: string | null;
  trialEnd: number | null;
  periodEnd: number | null;
}

export const NO_SUBSCRIPTION: SubscriptionState = {
  subscriptionId: null,
  status: 'none',
  priceId: null,
  trialEnd: null,
  periodEnd: null,
};

/** Stripe statuses still alive (may renew and charge), preferred over ended ones. */
const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

export function isLive(sub: Stripe.Subscription): boolean {
  return LIVE.has(sub.status);
}

/** The customer's live subscriptions, oldest first: the first is the one the one-live rule keeps (ADR 129). */
export function liveSubscriptions(subs: Stripe.Subscription[]): Stripe.Subscription[] {
  return subs.filter(isLive).sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
}

/** An open Checkout session of the customer, with what it was opened for (its metadata). */
export interface OpenCheckout {
  id: string;
  url: string;
  plan: string | null;
  promotionCode: string | null;
}
const ms = (seconds: number | null | undefined) => (seconds ? seconds * 1000 : null);

export function subscriptionState(sub: Stripe.Subscription): SubscriptionState {
  const item = sub.items.data[0];
  let status: string = sub.status;
  if ((status === 'active' || status === 'trialing') && sub.cancel_at_period_end) status = 'canceled_at_period_end';
  // A paused subscription gives nothing, like an ended one (docs/product.md#states has no 'paused').
  if (status === 'paused') status = 'canceled';
  return {
    subscriptionId: sub.id,
    status,
    priceId: item?.price.id ?? null,
    trialEnd: ms(sub.trial_end),
    periodEnd: ms(item?.current_period_end),
  };
}

/**
 * The subscription that describes the customer now: the oldest live one (the one kept when a
 * customer briefly has two, ADR 129), else the newest ended one.
 */
export function latestSubscription(subs: Stripe.Subscription[]): Stripe.Subscription | null {
  const byNewest = [...subs].sort((a, b) => b.created - a.created);
  return liveSubscriptions(subs)[0] ?? byNewest[0] ?? null;
}

/** True when Stripe says the customer does not exist (deleted in the dashboard, or another account's). */
export function isMissingCustomer(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
}

export type StripeErrorKind = 'card' | 'invalid' | 'unavailable';

/** How a failed SDK call is answered: never a 500, but a card refusal, a bad request or Stripe unavailable. */
export function stripeErrorKind(error: unknown): StripeErrorKind {
  if (error instanceof Stripe.errors.StripeCardError) return 'card';
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return 'invalid';
  return 'unavailable';
}

/** The official SDK, pointed at the configured target. */
export function createStripeGateway(target: StripeTarget, options: { maxNetworkRetries?: number } = {}) {
  const stripe = new Stripe(target.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    timeout: 20_000,
    telemetry: false,
    ...(target.local ? { host: target.local.host, port: target.local.port, protocol: 'http' as const } : {}),
  });

  return {
    prices: target.prices,

    async createCustomer(user: { id: number; email: string; name: string }, idempotencyKey: string): Promise<string> {
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name || undefined, metadata: { user_id: String(user.id) } },
        { idempotencyKey },
      );
      return customer.id;
    },

    /**
     * The id of the active promotion code a customer typed (Stripe matches codes case-insensitively),
     * or null when there is none: Checkout's `discounts` takes the id, never the code itself.
     */
    async findPromotionCode(code: string): Promise<string | null> {
      const found = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
      return found.data[0]?.id ?? null;
    },

    /** The customer's open Checkout sessions, newest first (a second click reuses one, ADR 129). */
    async openCheckouts(customer: string): Promise<OpenCheckout[]> {
      const list = await stripe.checkout.sessions.list({ customer, status: 'open', limit: 10 });
      return list.data.flatMap((s) =>
        s.url
          ? [
              {
                id: s.id,
                url: s.url,
                plan: s.metadata?.plan ?? null,
                promotionCode: s.metadata?.promotion_code || null,
              },
            ]
          : [],
      );
    },

    /** Closes an open session so it can no longer be paid. */
    async expireCheckout(id: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(id);
      } catch (error) {
        // Completed or expired meanwhile: either way it is no longer open.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async createCheckoutSession(input: {
      customer: string;
      price: string;
      /** The plan asked for, kept on the session so a second click can reuse it. */
      plan: string;
      userId: number;
      locale: 'fr' | 'en' | 'nl';
      successUrl: string;
      cancelUrl: string;
      /** A promotion code id (promo_…), from findPromotionCode. */
      promotionCode?: string;
    }): Promise<string> {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customer,
        client_reference_id: String(input.userId),
        metadata: { user_id: String(input.userId), plan: input.plan, promotion_code: input.promotionCode ?? '' },
        line_items: [{ price: input.price, quantity: 1 }],
        locale: input.locale,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        // A pharmacy's Belgian VAT number on its invoices.
        tax_id_collection: { enabled: true },
        customer_update: { name: 'auto', address: 'auto' },
        // Stripe refuses allow_promotion_codes together with discounts: a given code replaces the field.
        ...(input.promotionCode
          ? { discounts: [{ promotion_code: input.promotionCode }] }
          : { allow_promotion_codes: true }),
        subscription_data: { metadata: { user_id: String(input.userId) } },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without url');
      return session.url;
    },

    async createPortalSession(customer: string, returnUrl: string, locale: 'fr' | 'en' | 'nl'): Promise<string> {
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl, locale });
      return session.url;
    },

    /** Every subscription of the customer; throws resource_missing for a deleted customer. */
    async subscriptionsOf(customer: string): Promise<Stripe.Subscription[]> {
      const found = await stripe.customers.retrieve(customer);
      if ('deleted' in found && found.deleted) {
        throw new Stripe.errors.StripeInvalidRequestError({ code: 'resource_missing', message: 'deleted customer' });
      }
      return (await stripe.subscriptions.list({ customer, status: 'all', limit: 100 })).data;
    },

    /** Ends a subscription now (no end-of-period grace, nothing more charged). */
    async cancelNow(id: string): Promise<Stripe.Subscription> {
      return stripe.subscriptions.cancel(id);
    },

    /** Refunds every payment made for a subscription's invoices; a payment already refunded counts as done. */
    async refundSubscription(id: string): Promise<number> {
      let refunded = 0;
      const invoices = await stripe.invoices.list({ subscription: id, status: 'paid', limit: 100 });
      for (const invoice of invoices.data) {
        if (!invoice.id) continue;
        const payments = await stripe.invoicePayments.list({ invoice: invoice.id, limit: 10 });
        for (const payment of payments.data) {
          const intent = payment.payment.payment_intent;
          const intentId = typeof intent === 'string' ? intent : intent?.id;
          if (!intentId || payment.status !== 'paid') continue;
          try {
            refunded += (
              await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` })
            ).amount;
          } catch (error) {
            if (!(error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded')) throw error;
          }
        }
      }
      return refunded;
    },

    async retrieveSubscription(id: string): Promise<Stripe.Subscription> {
      return stripe.subscriptions.retrieve(id, { expand: ['default_payment_method', 'items.data.price.product'] });
    },

    async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionState> {
      return subscriptionState(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
    },

    async listCards(customer: string): Promise<Stripe.PaymentMethod[]> {
      return (await stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 10 })).data;
    },

    async listInvoices(customer: string): Promise<Stripe.Invoice[]> {
      return (await stripe.invoices.list({ customer, limit: 24 })).data;
    },

    async upcomingInvoice(customer: string, subscription: string): Promise<Stripe.Invoice | null> {
      try {
        return await stripe.invoices.createPreview({ customer, subscription });
      } catch (error) {
        // No upcoming invoice (e.g. the subscription ends): Stripe says invalid_request_error.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },

    /** Verifies the Stripe-Signature of the raw body (300 s tolerance) and parses the event. */
    constructEvent(rawBody: string, signature: string): Stripe.Event {
      return stripe.webhooks.constructEvent(rawBody, signature, target.webhookSecret);
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
