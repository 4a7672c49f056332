import { z } from 'zod';
import type { Plan } from './user.schema';

/** Checkout plans the server knows; docs/product.md#validation: the default is pro_monthly. */
export const CHECKOUT_PLANS = ['pro_monthly'] as const;
export const checkoutPlanSchema = z.enum(CHECKOUT_PLANS);
export type CheckoutPlan = z.infer<typeof checkoutPlanSchema>;

/**
 * A promotion code as a customer types it: Stripe's customer-facing codes are letters, digits and
 * dashes (underscores accepted too), matched case-insensitively; the server then asks Stripe for it.
 */
export const promotionCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** POST /api/billing/create-checkout-session/: the body is optional (docs/architecture.md#billing-and-plans sends none). */
export const checkoutRequestSchema = z
  .object({
    plan: checkoutPlanSchema.default('pro_monthly'),
    promotion_code: promotionCodeSchema.optional(),
  })
  .strict();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const urlResponseSchema = z.object({ url: z.string() });
export type UrlResponse = z.infer<typeof urlResponseSchema>;

/** Stripe statuses a subscription keeps the Pro features in (past_due: Stripe is still retrying). */
export const PRO_SUBSCRIPTION_STATUSES: readonly string[] = [
  'active',
  'trialing',
  'past_due',
  'canceled_at_period_end',
];

/** What decides a user's plan: the Stripe subscription summary and a staff grant (`npm run plan`). */
export interface Entitlement {
  subscription_status: string;
  plan_grant: 'pro' | 'ultra' | null;
  /** End of the staff grant in epoch ms; null = no end. */
  pro_until: number | null;
}

/** A staff grant counts until pro_until; a paying subscription gives Pro; Ultra outranks Pro. */
export function planOf(user: Entitlement, now: number): Plan {
  const grant = user.plan_grant !== null && (user.pro_until === null || user.pro_until > now) ? user.plan_grant : null;
  if (grant === 'ultra') return 'ultra';
  if (grant === 'pro' || PRO_SUBSCRIPTION_STATUSES.includes(user.subscription_status)) return 'pro';
  return 'free';
}

/**
 * Monthly allowance of CNKs priced by the Pro tool's batch endpoint (docs/architecture.md#pro-allowance); a user's own
 * search_quota, when staff set one, replaces it.
 */
export const MONTHLY_QUOTA: Readonly<Record<Plan, number>> = Object.freeze({ free: 0, pro: 2000, ultra: 20000 });

/** A user's monthly allowance at `now`: their own, when staff set one, else their plan's. */
export function allowanceOf(user: Entitlement & { search_quota: number | null }, now: number): number {
  return user.search_quota ?? MONTHLY_QUOTA[planOf(user, now)];
}

const MONTH_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
});

/** The quota month of an instant: 'YYYY-MM' of the calendar in Europe/Brussels. */
export function quotaMonth(now: number): string {
  const parts = MONTH_FORMAT.formatToParts(new Date(now));
  const year = parts.find((p) => p.type === 'year')?.value ?? '0000';
  const month = parts.find((p) => p.type === 'month')?.value ?? '01';
  return `${year}-${month}`;
}

const isoDate = z.string().nullable();

/** GET /api/billing/subscription/ (docs/architecture.md#billing-and-plans). Amounts are in the currency's minor unit (cents). */
export const subscriptionDetailsSchema = z.object({
  status: z.string(),
  plan: z.string(),
  price: z.object({ amount: z.number().nullable(), currency: z.string(), interval: z.string().nullable() }),
  trial_end: isoDate,
  current_period_end: isoDate,
  cancel_at_period_end: z.boolean(),
  canceled: z.boolean(),
  payment_method: z
    .object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() })
    .nullable(),
  other_payment_methods: z.array(
    z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
  ),
  upcoming_invoice: z
    .object({
      amount_due: z.number(),
      currency: z.string(),
      period_start: isoDate,
      period_end: isoDate,
      next_payment_attempt: isoDate,
      url: z.string().nullable(),
    })
    .nullable(),
  invoices: z.array(
    z.object({
      number: z.string().nullable(),
      created: z.string(),
      amount_paid: z.number(),
      currency: z.string(),
      hosted_invoice_url: z.string().nullable(),
      invoice_pdf: z.string().nullable(),
    }),
  ),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;
export type CardSummary = SubscriptionDetails['payment_method'] & object;

export const subscriptionResponseSchema = z.object({ subscription: subscriptionDetailsSchema.nullable() });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;
