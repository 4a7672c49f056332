import type { SubscriptionDetails } from '@pharmaradar/shared/billing.schema';

/** A subscription as GET /api/billing/subscription/ describes it (amounts in cents, as Stripe gives them). */
export function subscriptionDetails(overrides: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  return {
    status: 'active',
    plan: 'pro',
    price: { amount: 3000, currency: 'eur', interval: 'month' },
    trial_end: null,
    current_period_end: '2026-12-23T10:00:00.000Z',
    cancel_at_period_end: false,
    canceled: false,
    payment_method: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    other_payment_methods: [],
    upcoming_invoice: {
      amount_due: 3000,
      currency: 'eur',
      period_start: '2026-12-23T10:00:00.000Z',
      period_end: '2027-01-23T10:00:00.000Z',
      next_payment_attempt: '2026-12-23T11:00:00.000Z',
      url: null,
    },
    invoices: [
      {
        number: 'PR-0001',
        created: '2026-11-23T10:00:00.000Z',
        amount_paid: 3000,
        currency: 'eur',
        hosted_invoice_url: 'http://127.0.0.1:9/invoice/1',
        invoice_pdf: 'http://127.0.0.1:9/invoice/1.pdf',
      },
    ],
    ...overrides,
  };
}

/** A URL the page can "leave" to in jsdom: the same document with a hash (jsdom only follows those). */
export function hostedPageUrl(name: string): string {
  return `${window.location.href.split('#')[0]}#${name}`;
}
