import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import type { StripeActions } from './stripe-actions';
import { locale, metadata, missing, params, str, stripeError, type Params } from './stripe-api-kit';
import { addSubscriptionRoutes } from './stripe-subscriptions-api';
import { DEMO_PRICE, DEMO_PROMOTION, newId } from './stripe-objects';
import type { StripeStore } from './stripe-store';

export interface ApiControls {
  /** Answer every API call with a 500 api_error (Stripe unreachable drills). */
  failing: boolean;
  /** Added to every API answer (ms), so tests can hold requests in flight. */
  latencyMs: number;
  /** Drop every API connection without an answer (Stripe unreachable, not just failing). */
  unreachable: boolean;
  /** API requests received so far (tests count the calls the app makes). */
  calls: number;
}

/** The subset of Stripe's HTTP API (v1, form-encoded, Bearer key) the server calls. */
export function createStripeApi(store: StripeStore, actions: StripeActions, secretKey: string, controls: ApiControls) {
  const app = new Hono();
  const { json } = store;

  app.use('/v1/*', async (c, next) => {
    controls.calls += 1;
    if (controls.unreachable) {
      (c.env as { incoming: IncomingMessage }).incoming.socket.destroy();
      return c.body(null, 500);
    }
    const auth = c.req.header('authorization') ?? '';
    if (auth !== `Bearer ${secretKey}`) {
      return stripeError(c, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    if (controls.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, controls.latencyMs));
    if (controls.failing) return stripeError(c, 500, 'api_error', 'The demo Stripe is failing on purpose.');
    await next();
  });

  const liveCustomer = (id: string) => {
    const customer = store.customers.get(id);
    return customer && !customer.deleted ? customer : undefined;
  };

  app.post('/v1/customers', async (c) => {
    const p = await params(c);
    const customer = {
      id: newId('cus'),
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      metadata: metadata(p.metadata),
      created: store.nowS(),
      deleted: false,
      defaultPaymentMethod: null,
    };
    store.customers.set(customer.id, customer);
    return c.json(json.customer(customer));
  });
  app.get('/v1/customers/:id', (c) => {
    const customer = store.customers.get(c.req.param('id'));
    return customer ? c.json(json.customer(customer)) : missing(c, 'customer', c.req.param('id'));
  });
  app.delete('/v1/customers/:id', (c) => {
    const customer = liveCustomer(c.req.param('id'));
    if (!customer) return missing(c, 'customer', c.req.param('id'));
    actions.deleteCustomer(customer.id);
    return c.json({ id: customer.id, object: 'customer', deleted: true });
  });
  app.get('/v1/customers/:id/payment_methods', (c) => {
    const customer = liveCustomer(c.req.param('id'));
    if (!customer) return missing(c, 'customer', c.req.param('id'));
    const methods = [...store.paymentMethods.values()].filter((pm) => pm.customer === customer.id).reverse();
    return c.json(json.list(c.req.path, methods.map(json.paymentMethod)));
  });

  app.post('/v1/checkout/sessions', async (c) => {
    const p = await params(c);
    const customer = str(p.customer);
    if (!customer || !liveCustomer(customer)) return missing(c, 'customer', customer ?? '', 'customer');
    const items = Array.isArray(p.line_items) ? (p.line_items as Params[]) : [];
    const priceId = str(items[0]?.price);
    if (priceId !== DEMO_PRICE.id) return missing(c, 'price', priceId ?? '', 'line_items[0][price]');
    if (p.mode !== 'subscription') {
      return stripeError(
        c,
        400,
        'invalid_request_error',
        'Only subscription mode is simulated.',
        'parameter_invalid',
        'mode',
      );
    }
    const discounts = Array.isArray(p.discounts) ? (p.discounts as Params[]) : [];
    const promotionCode = str(discounts[0]?.promotion_code) ?? null;
    if (promotionCode && promotionCode !== DEMO_PROMOTION.id)
      return missing(c, 'promotion code', promotionCode, 'discounts');
    const successUrl = str(p.success_url);
    const cancelUrl = str(p.cancel_url);
    if (!successUrl)
      return stripeError(c, 400, 'invalid_request_error', 'Missing success_url', 'parameter_missing', 'success_url');
    const session = {
      id: newId('cs_test'),
      customer,
      clientReferenceId: str(p.client_reference_id) ?? null,
      priceId,
      locale: locale(p.locale),
      successUrl,
      cancelUrl: cancelUrl ?? successUrl,
      status: 'open' as const,
      subscription: null,
      metadata: metadata(p.metadata),
      subscriptionMetadata: metadata((p.subscription_data as Params | undefined)?.metadata),
      created: store.nowS(),
      promotionCode,
    };
    store.checkouts.set(session.id, session);
    return c.json(json.checkout(session));
  });
  app.get('/v1/checkout/sessions', async (c) => {
    const p = await params(c);
    const customer = str(p.customer);
    const status = str(p.status);
    const sessions = [...store.checkouts.values()]
      .filter((s) => (!customer || s.customer === customer) && (!status || s.status === status))
      .sort((a, b) => b.created - a.created);
    return c.json(json.list('/v1/checkout/sessions', sessions.map(json.checkout)));
  });
  app.get('/v1/checkout/sessions/:id', (c) => {
    const session = store.checkouts.get(c.req.param('id'));
    return session ? c.json(json.checkout(session)) : missing(c, 'checkout.session', c.req.param('id'));
  });
  app.post('/v1/checkout/sessions/:id/expire', (c) => {
    const session = store.checkouts.get(c.req.param('id'));
    if (!session) return missing(c, 'checkout.session', c.req.param('id'));
    if (session.status !== 'open') {
      return stripeError(c, 400, 'invalid_request_error', 'Only open sessions can be expired.', 'session_expired');
    }
    session.status = 'expired';
    return c.json(json.checkout(session));
  });

  app.get('/v1/promotion_codes', async (c) => {
    const p = await params(c);
    const code = str(p.code);
    const matches = !code || code.toUpperCase() === DEMO_PROMOTION.code;
    const active = p.active === undefined || p.active === 'true';
    return c.json(json.list('/v1/promotion_codes', matches && active ? [json.promotionCode()] : []));
  });

  app.post('/v1/billing_portal/sessions', async (c) => {
    const p = await params(c);
    const customer = str(p.customer);
    if (!customer || !liveCustomer(customer)) return missing(c, 'customer', customer ?? '', 'customer');
    const portal = {
      id: newId('bps'),
      customer,
      returnUrl: str(p.return_url) ?? '/',
      locale: locale(p.locale),
      created: store.nowS(),
    };
    store.portals.set(portal.id, portal);
    return c.json(json.portal(portal));
  });

  addSubscriptionRoutes(app, store, actions);

  app.all('/v1/*', (c) =>
    stripeError(c, 404, 'invalid_request_error', `Unrecognized request URL (${c.req.method}: ${c.req.path}).`),
  );
  return app;
}
