import { randomBytes } from 'node:crypto';
import type { Locale } from '@pharmaradar/shared/locales';

/**
 * In-memory objects of the Stripe look-alike, in the shapes of Stripe API 2026 / SDK 23 (docs/architecture.md#running-modes):
 * current_period_end on the subscription item, invoice.parent.subscription_details, card on the
 * payment method. Only the fields a client reads are kept; the rest is what Stripe would send empty.
 */

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
