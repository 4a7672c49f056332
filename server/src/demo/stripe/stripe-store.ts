import { randomBytes } from 'node:crypto';

/**
 * In-memory objects of the Stripe look-alike, in the shapes of Stripe API 2026 / SDK 23 (docs/architecture.md#running-modes):
 * current_period_end on the subscription item, invoice.parent.subscription_details, card on the
 * payment method. Only the fields a client reads are kept; the rest is what Stripe would send empty.
 */
export type Locale = 'fr' | 'en' | 'nl';
type Obj = Record<string, unknown>;

export interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}
export interface PaymentMethod {
  id: string;
  customer: string;
  card: Card;
  created: number;
}
export interface Customer {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  deleted: boolean;
  defaultPaymentMethod: string | null;
}
export interface Subscription {
  id: string;
  customer: string;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete';
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  created: number;
  periodStart: number;
  periodEnd: number;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  priceId: string;
}
export interface Invoice {
  id: string;
  number: string;
  customer: string;
  subscription: string;
  amount: number;
  paid: boolean;
  created: number;
  periodStart: number;
  periodEnd: number;
  locale: Locale;
  /** The payment intent that paid it (pi_…), null while unpaid. */
  paymentIntent: string | null;
}
/** A refund of (part of) a payment intent (POST /v1/refunds). */
export interface Refund {
  id: string;
  paymentIntent: string;
  amount: number;
  created: number;
}
export interface CheckoutSession {
  id: string;
  customer: string;
  clientReferenceId: string | null;
  priceId: string;
  locale: Locale;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  /** The session's own metadata. */
  metadata: Record<string, string>;
  /** subscription_data.metadata, copied onto the subscription the session creates. */
  subscriptionMetadata: Record<string, string>;
  created: number;
  promotionCode: string | null;
}
export interface PortalSession {
  id: string;
  customer: string;
  returnUrl: string;
  locale: Locale;
  created: number;
}

export const DEMO_PRICE = {
  id: 'price_demo_pro_monthly',
  product: 'prod_demo_pro',
  productName: 'PharmaRadar Pro',
  amount: 3000,
  currency: 'eur',
  interval: 'month' as const,
};

/**
 * The look-alike's one promotion code: what a customer types (case-insensitive, as at Stripe), its id
 * (what Checkout's `discounts` takes) and its coupon, 20 % off the first invoice.
 */
export const DEMO_PROMOTION = {
  id: 'promo_demo',
  code: 'PHARMA20',
  coupon: 'coupon_demo_20',
  percentOff: 20,
} as const;

/** The first invoice's amount in cents, with the session's promotion applied. */
export function firstAmount(promotionCode: string | null): number {
  if (promotionCode !== DEMO_PROMOTION.id) return DEMO_PRICE.amount;
  return Math.round((DEMO_PRICE.amount * (100 - DEMO_PROMOTION.percentOff)) / 100);
}

export const MONTH_S = 30 * 24 * 3600;

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function createStripeStore(publicBaseUrl: string, nowS: () => number) {
  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const checkouts = new Map<string, CheckoutSession>();
  const portals = new Map<string, PortalSession>();
  const refunds = new Map<string, Refund>();
  let invoiceCount = 0;

  const list = (url: string, data: Obj[]) => ({ object: 'list', data, has_more: false, url });

  function price(expandProduct: boolean): Obj {
    return {
      id: DEMO_PRICE.id,
      object: 'price',
      active: true,
      currency: DEMO_PRICE.currency,
      unit_amount: DEMO_PRICE.amount,
      nickname: 'Pro',
      type: 'recurring',
      recurring: { interval: DEMO_PRICE.interval, interval_count: 1 },
      product: expandProduct
        ? { id: DEMO_PRICE.product, object: 'product', name: DEMO_PRICE.productName, active: true }
        : DEMO_PRICE.product,
      livemode: false,
    };
  }

  const json = {
    customer(c: Customer): Obj {
      if (c.deleted) return { id: c.id, object: 'customer', deleted: true };
      return {
        id: c.id,
        object: 'customer',
        email: c.email,
        name: c.name,
        metadata: c.metadata,
        created: c.created,
        invoice_settings: { default_payment_method: c.defaultPaymentMethod },
        livemode: false,
      };
    },
    paymentMethod(pm: PaymentMethod): Obj {
      return {
        id: pm.id,
        object: 'payment_method',
        type: 'card',
        customer: pm.customer,
        created: pm.created,
        card: { ...pm.card, country: 'BE', funding: 'credit' },
        livemode: false,
      };
    },
    subscription(s: Subscription, expand: readonly string[] = []): Obj {
      const pm = s.defaultPaymentMethod ? paymentMethods.get(s.defaultPaymentMethod) : undefined;
      return {
        id: s.id,
        object: 'subscription',
        customer: s.customer,
        status: s.status,
        cancel_at_period_end: s.cancelAtPeriodEnd,
        cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
        canceled_at: s.canceledAt,
        ended_at: s.endedAt,
        created: s.created,
        start_date: s.created,
        trial_end: null,
        trial_start: null,
        default_payment_method:
          expand.includes('default_payment_method') && pm ? json.paymentMethod(pm) : s.defaultPaymentMethod,
        metadata: s.metadata,
        items: list(`/v1/subscription_items?subscription=${s.id}`, [
          {
            id: `si_${s.id.slice(4)}`,
            object: 'subscription_item',
            quantity: 1,
            subscription: s.id,
            price: price(expand.includes('items.data.price.product')),
            current_period_start: s.periodStart,
            current_period_end: s.periodEnd,
          },
        ]),
        latest_invoice: [...invoices.values()].filter((i) => i.subscription === s.id).at(-1)?.id ?? null,
        livemode: false,
      };
    },
    /** Stripe API 2025-03+: an invoice's payments are their own objects (GET /v1/invoice_payments). */
    invoicePayment(i: Invoice): Obj {
      return {
        id: `inpay_${i.id.slice(3)}`,
        object: 'invoice_payment',
        invoice: i.id,
        amount_paid: i.paid ? i.amount : null,
        amount_requested: i.amount,
        currency: DEMO_PRICE.currency,
        is_default: true,
        status: i.paid ? 'paid' : 'open',
        payment: { type: 'payment_intent', payment_intent: i.paymentIntent },
        created: i.created,
        livemode: false,
      };
    },
    refund(r: Refund): Obj {
      return {
        id: r.id,
        object: 'refund',
        amount: r.amount,
        currency: DEMO_PRICE.currency,
        payment_intent: r.paymentIntent,
        status: 'succeeded',
        created: r.created,
        livemode: false,
      };
    },
    invoice(i: Invoice | Omit<Invoice, 'id' | 'number' | 'paymentIntent'>, draft = false): Obj {
      const id = 'id' in i ? i.id : null;
      return {
        id,
        object: 'invoice',
        number: 'number' in i ? i.number : null,
        customer: i.customer,
        status: draft ? 'draft' : i.paid ? 'paid' : 'open',
        currency: DEMO_PRICE.currency,
        amount_due: i.amount,
        amount_paid: i.paid ? i.amount : 0,
        amount_remaining: i.paid ? 0 : i.amount,
        created: i.created,
        period_start: i.periodStart,
        period_end: i.periodEnd,
        next_payment_attempt: draft ? i.periodStart : null,
        hosted_invoice_url: id ? `${publicBaseUrl}/invoices/${id}` : null,
        invoice_pdf: id ? `${publicBaseUrl}/invoices/${id}/pdf` : null,
        lines: list(`/v1/invoices/${id}/lines`, [
          {
            object: 'line_item',
            amount: i.amount,
            currency: DEMO_PRICE.currency,
            description: `1 × ${DEMO_PRICE.productName}`,
            period: { start: i.periodStart, end: i.periodEnd },
          },
        ]),
        parent: { type: 'subscription_details', subscription_details: { subscription: i.subscription } },
        livemode: false,
      };
    },
    checkout(s: CheckoutSession): Obj {
      return {
        id: s.id,
        object: 'checkout.session',
        mode: 'subscription',
        customer: s.customer,
        client_reference_id: s.clientReferenceId,
        status: s.status,
        payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
        subscription: s.subscription,
        success_url: s.successUrl,
        cancel_url: s.cancelUrl,
        locale: s.locale,
        metadata: s.metadata,
        created: s.created,
        url: s.status === 'open' ? `${publicBaseUrl}/checkout/${s.id}` : null,
        livemode: false,
      };
    },
    promotionCode(): Obj {
      const coupon = {
        id: DEMO_PROMOTION.coupon,
        object: 'coupon',
        percent_off: DEMO_PROMOTION.percentOff,
        duration: 'once',
        valid: true,
      };
      return {
        id: DEMO_PROMOTION.id,
        object: 'promotion_code',
        code: DEMO_PROMOTION.code,
        active: true,
        // API 2025-09+: the coupon sits under `promotion`; `coupon` kept for older readers.
        promotion: { type: 'coupon', coupon: DEMO_PROMOTION.coupon },
        coupon,
        created: 0,
        livemode: false,
      };
    },
    portal(p: PortalSession): Obj {
      return {
        id: p.id,
        object: 'billing_portal.session',
        customer: p.customer,
        return_url: p.returnUrl,
        locale: p.locale,
        created: p.created,
        url: `${publicBaseUrl}/portal/${p.id}`,
        livemode: false,
      };
    },
    list,
  };

  function addInvoice(sub: Subscription, paid: boolean, locale: Locale, amount: number = DEMO_PRICE.amount): Invoice {
    invoiceCount += 1;
    const invoice: Invoice = {
      id: newId('in'),
      number: `DEMO-${String(invoiceCount).padStart(4, '0')}`,
      customer: sub.customer,
      subscription: sub.id,
      amount,
      paid,
      created: nowS(),
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      locale,
      paymentIntent: paid ? newId('pi') : null,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** What is left to refund of a payment intent (the paid invoice's amount minus its refunds). */
  function refundable(paymentIntent: string): number {
    const invoice = [...invoices.values()].find((i) => i.paymentIntent === paymentIntent);
    if (!invoice) return 0;
    const refunded = [...refunds.values()]
      .filter((r) => r.paymentIntent === paymentIntent)
      .reduce((sum, r) => sum + r.amount, 0);
    return invoice.amount - refunded;
  }

  return {
    customers,
    paymentMethods,
    subscriptions,
    invoices,
    checkouts,
    portals,
    refunds,
    json,
    addInvoice,
    refundable,
    nowS,
  };
}

export type StripeStore = ReturnType<typeof createStripeStore>;
