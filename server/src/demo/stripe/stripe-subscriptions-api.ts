import type { Hono } from 'hono';
import { asStringArray } from './form-params';
import type { StripeActions } from './stripe-actions';
import { missing, params, str, stripeError } from './stripe-api-kit';
import { DEMO_PRICE, newId } from './stripe-objects';
import type { StripeStore } from './stripe-store';

/** The look-alike's subscriptions, invoices (with the upcoming one), invoice payments and refunds. */
export function addSubscriptionRoutes(app: Hono, store: StripeStore, actions: StripeActions): void {
  const { json } = store;

  app.get('/v1/subscriptions', async (c) => {
    const p = await params(c);
    const customer = str(p.customer);
    const status = str(p.status);
    const subs = [...store.subscriptions.values()]
      .filter((s) => !customer || s.customer === customer)
      .filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'))
      .sort((a, b) => b.created - a.created);
    const expand = asStringArray(p.expand).map((e) => e.replace(/^data\./, ''));
    return c.json(
      json.list(
        '/v1/subscriptions',
        subs.map((s) => json.subscription(s, expand)),
      ),
    );
  });
  app.get('/v1/subscriptions/:id', async (c) => {
    const sub = store.subscriptions.get(c.req.param('id'));
    if (!sub) return missing(c, 'subscription', c.req.param('id'));
    return c.json(json.subscription(sub, asStringArray((await params(c)).expand)));
  });
  app.post('/v1/subscriptions/:id', async (c) => {
    const sub = store.subscriptions.get(c.req.param('id'));
    if (!sub) return missing(c, 'subscription', c.req.param('id'));
    const p = await params(c);
    if (p.cancel_at_period_end !== undefined) {
      if (sub.status === 'canceled') {
        return stripeError(
          c,
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
          'resource_missing',
        );
      }
      actions.setCancelAtPeriodEnd(sub, p.cancel_at_period_end === 'true');
    }
    return c.json(json.subscription(sub, asStringArray(p.expand)));
  });
  app.delete('/v1/subscriptions/:id', (c) => {
    const sub = store.subscriptions.get(c.req.param('id'));
    if (!sub) return missing(c, 'subscription', c.req.param('id'));
    actions.cancelNow(sub);
    return c.json(json.subscription(sub));
  });

  app.get('/v1/invoices', async (c) => {
    const p = await params(c);
    const customer = str(p.customer);
    const subscription = str(p.subscription);
    const invoices = [...store.invoices.values()]
      .filter((i) => (!customer || i.customer === customer) && (!subscription || i.subscription === subscription))
      .reverse();
    return c.json(
      json.list(
        '/v1/invoices',
        invoices.map((i) => json.invoice(i)),
      ),
    );
  });
  app.post('/v1/invoices/create_preview', async (c) => {
    const p = await params(c);
    const sub = store.subscriptions.get(str(p.subscription) ?? '');
    if (!sub || sub.customer !== str(p.customer) || sub.status === 'canceled' || sub.cancelAtPeriodEnd) {
      return stripeError(
        c,
        400,
        'invalid_request_error',
        'No upcoming invoices for this subscription.',
        'invoice_upcoming_none',
      );
    }
    const preview = {
      customer: sub.customer,
      subscription: sub.id,
      amount: DEMO_PRICE.amount,
      paid: false,
      created: store.nowS(),
      periodStart: sub.periodEnd,
      periodEnd: sub.periodEnd + (sub.periodEnd - sub.periodStart),
      locale: 'fr' as const,
    };
    return c.json(json.invoice(preview, true));
  });

  app.get('/v1/invoice_payments', async (c) => {
    const invoice = str((await params(c)).invoice);
    const found = [...store.invoices.values()].filter((i) => i.id === invoice);
    return c.json(json.list('/v1/invoice_payments', found.map(json.invoicePayment)));
  });

  app.post('/v1/refunds', async (c) => {
    const p = await params(c);
    const paymentIntent = str(p.payment_intent) ?? '';
    if (!paymentIntent || ![...store.invoices.values()].some((i) => i.paymentIntent === paymentIntent)) {
      return missing(c, 'payment_intent', paymentIntent, 'payment_intent');
    }
    const left = store.refundable(paymentIntent);
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (left <= 0) {
      return stripeError(
        c,
        400,
        'invalid_request_error',
        `Charge for ${paymentIntent} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
      return stripeError(c, 400, 'invalid_request_error', 'Invalid refund amount.', 'amount_too_large', 'amount');
    }
    const refund = { id: newId('re'), paymentIntent, amount, created: store.nowS() };
    store.refunds.set(refund.id, refund);
    return c.json(json.refund(refund));
  });
  app.get('/v1/refunds', async (c) => {
    const paymentIntent = str((await params(c)).payment_intent);
    const found = [...store.refunds.values()].filter((r) => !paymentIntent || r.paymentIntent === paymentIntent);
    return c.json(json.list('/v1/refunds', found.reverse().map(json.refund)));
  });
}
