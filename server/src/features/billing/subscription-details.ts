import type Stripe from 'stripe';
import type { CardSummary, SubscriptionDetails } from '@pharmaradar/shared/billing.schema';

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

function card(method: Stripe.PaymentMethod | string | null | undefined): CardSummary | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { brand, last4, exp_month, exp_year };
}

/** GET /api/billing/subscription/ from Stripe's objects (docs/architecture.md#billing-and-plans shape; SDK 23 field places, docs/architecture.md#running-modes). */
export function subscriptionDetails(
  sub: Stripe.Subscription,
  cards: Stripe.PaymentMethod[],
  invoices: Stripe.Invoice[],
  upcoming: Stripe.Invoice | null,
): SubscriptionDetails {
  const item = sub.items.data[0];
  const price = item?.price;
  const product = price?.product;
  const defaultCard = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
  const defaultId = typeof sub.default_payment_method === 'string' ? sub.default_payment_method : defaultCard?.id;
  return {
    status: sub.status,
    plan:
      (product && typeof product === 'object' && 'name' in product ? product.name : null) ??
      price?.nickname ??
      price?.id ??
      'pro',
    price: {
      amount: price?.unit_amount ?? null,
      currency: price?.currency ?? 'eur',
      interval: price?.recurring?.interval ?? null,
    },
    trial_end: iso(sub.trial_end),
    current_period_end: iso(item?.current_period_end),
    cancel_at_period_end: sub.cancel_at_period_end,
    canceled: sub.status === 'canceled' || sub.ended_at !== null,
    payment_method: card(defaultCard) ?? card(cards.find((m) => m.id === defaultId)),
    other_payment_methods: cards
      .filter((m) => m.id !== defaultId)
      .map(card)
      .filter((c): c is CardSummary => c !== null),
    upcoming_invoice: upcoming
      ? {
          amount_due: upcoming.amount_due,
          currency: upcoming.currency,
          period_start: iso(upcoming.lines.data[0]?.period.start ?? upcoming.period_start),
          period_end: iso(upcoming.lines.data[0]?.period.end ?? upcoming.period_end),
          next_payment_attempt: iso(upcoming.next_payment_attempt),
          url: upcoming.hosted_invoice_url ?? null,
        }
      : null,
    // Drafts have no links yet (docs/architecture.md#running-modes): only finalised invoices are listed.
    invoices: invoices
      .filter((inv) => inv.status !== 'draft')
      .map((inv) => ({
        number: inv.number,
        created: iso(inv.created) ?? '',
        amount_paid: inv.amount_paid,
        currency: inv.currency,
        hosted_invoice_url: inv.hosted_invoice_url ?? null,
        invoice_pdf: inv.invoice_pdf ?? null,
      })),
  };
}
