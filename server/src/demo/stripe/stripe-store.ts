import type { Locale } from '@pharmaradar/shared/locales';
import { DEMO_PRICE, newId } from './stripe-objects';
import type * as Objects from './stripe-objects';
import { stripeJson } from './stripe-json';

/** The look-alike's state, in memory: its objects by id, their JSON, and the few rules of invoices. */
export function createStripeStore(publicBaseUrl: string, nowS: () => number) {
  const customers = new Map<string, Objects.Customer>();
  const paymentMethods = new Map<string, Objects.PaymentMethod>();
  const subscriptions = new Map<string, Objects.Subscription>();
  const invoices = new Map<string, Objects.Invoice>();
  const checkouts = new Map<string, Objects.CheckoutSession>();
  const portals = new Map<string, Objects.PortalSession>();
  const refunds = new Map<string, Objects.Refund>();
  let invoiceCount = 0;

  const json = stripeJson(publicBaseUrl, { paymentMethods, invoices });

  function addInvoice(
    sub: Objects.Subscription,
    paid: boolean,
    locale: Locale,
    amount: number = DEMO_PRICE.amount,
  ): Objects.Invoice {
    invoiceCount += 1;
    const invoice: Objects.Invoice = {
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
