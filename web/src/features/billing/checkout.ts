import { urlResponseSchema } from '@pharmaradar/shared/billing.schema';
import { api } from '../../lib/api/client';

/**
 * Leaving for Stripe's hosted pages, shared by the screens that offer it (plans page, account page,
 * registration with ?plan=pro). docs/product.md#states: checkout and portal requests are each one in flight.
 */
const inFlight = new Map<string, Promise<string>>();

function once(key: string, start: () => Promise<string>): Promise<string> {
  const running = inFlight.get(key);
  if (running) return running;
  const promise = start().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

export interface CheckoutOptions {
  /** A promotion code the customer typed (the /promo page); the server checks it with Stripe. */
  promotionCode?: string | undefined;
}

/** The Stripe-hosted (or local test) checkout URL; the caller navigates there. */
export function startCheckout(options: CheckoutOptions = {}): Promise<string> {
  const body = options.promotionCode ? { promotion_code: options.promotionCode } : undefined;
  return once(
    'checkout',
    async () => (await api.post('/billing/create-checkout-session/', body, { schema: urlResponseSchema })).url,
  );
}

export function openPortal(): Promise<string> {
  return once(
    'portal',
    async () => (await api.post('/billing/create-portal-session/', undefined, { schema: urlResponseSchema })).url,
  );
}

/** Leaves the app for the hosted page (a full navigation: it is another site in production). */
export function goTo(url: string): void {
  window.location.assign(url);
}
