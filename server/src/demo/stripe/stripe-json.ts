import {
  DEMO_PRICE,
  DEMO_PROMOTION,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type PaymentMethod,
  type PortalSession,
  type Refund,
  type Subscription,
} from './stripe-objects';

type Obj = Record<string, unknown>;

/**
 * The look-alike's objects as Stripe's API writes them (docs/architecture.md#running-modes): only the
 * fields a client reads, the rest as Stripe would send it empty. A subscription links its payment
 * method and latest invoice, read from the store's maps.
 */
export function stripeJson(
  publicBaseUrl: string,
  store: { paymentMethods: ReadonlyMap<string, PaymentMethod>; invoices: ReadonlyMap<string, Invoice> },
) {
  const { paymentMethods, invoices } = store;
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
  return json;
}
