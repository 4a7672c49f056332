import { Hono, type Context } from 'hono';
import { cardOutcome, TEST_CARDS, type StripeActions } from './stripe-actions';
import { esc, page, simplePdf, STYLESHEET } from './stripe-page-kit';
import type { Locale } from '@pharmaradar/shared/locales';
import { DEMO_PRICE, DEMO_PROMOTION, firstAmount, type CheckoutSession } from './stripe-objects';
import type { StripeStore } from './stripe-store';
import { day, money, t } from './stripe-texts';

function pickLocale(c: Context, fallback: Locale): Locale {
  const lang = c.req.query('lang');
  return lang === 'fr' || lang === 'en' || lang === 'nl' ? lang : fallback;
}

function parseExpiry(value: string, nowS: number): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]!.length === 2 ? `20${match[2]}` : match[2]);
  const now = new Date(nowS * 1000);
  if (month < 1 || month > 12 || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return null;
  return { month, year };
}

const field = (name: string, label: string, attrs = '', value = '') =>
  `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" value="${esc(value)}" ${attrs}>`;

/** The promotion applied to the session, as Stripe's page shows it: the code and the first invoice's amount. */
function discountLine(locale: Locale, session: CheckoutSession): string {
  if (session.promotionCode !== DEMO_PROMOTION.id) return '';
  const text = t(locale, 'discount')
    .replace('{code}', DEMO_PROMOTION.code)
    .replace('{percent}', String(DEMO_PROMOTION.percentOff))
    .replace('{amount}', money(locale, firstAmount(session.promotionCode)));
  return `<p data-testid="discount">${esc(text)}</p>`;
}

/** Hosted checkout, 3-D Secure step, customer portal and invoices, served by the app under `base`. */
export function createStripePages(store: StripeStore, actions: StripeActions, base: string): Hono {
  const app = new Hono();

  app.get('/assets/style.css', (c) => c.body(STYLESHEET, 200, { 'content-type': 'text/css; charset=utf-8' }));

  function checkoutForm(c: Context, session: CheckoutSession, error?: string, values: Record<string, string> = {}) {
    const locale = pickLocale(c, session.locale);
    const path = `${base}/checkout/${session.id}`;
    const customer = store.customers.get(session.customer);
    const body = `<p><strong>${esc(DEMO_PRICE.productName)}</strong> — <span data-testid="price">${esc(money(locale, DEMO_PRICE.amount))}</span> ${esc(t(locale, 'perMonth'))}</p>
${discountLine(locale, session)}
<p>${esc(t(locale, 'email'))}: ${esc(customer?.email ?? '')}</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${esc(`${path}?lang=${locale}`)}">
${field('card', t(locale, 'cardNumber'), 'inputmode="numeric" autocomplete="cc-number" required', values.card)}
${field('expiry', t(locale, 'expiry'), 'autocomplete="cc-exp" placeholder="12/34" required', values.expiry)}
${field('cvc', t(locale, 'cvc'), 'inputmode="numeric" autocomplete="cc-csc" required', values.cvc)}
${field('name', t(locale, 'cardholder'), 'autocomplete="cc-name"', values.name)}
<button type="submit">${esc(t(locale, 'subscribe'))}</button></form>
<h2>${esc(t(locale, 'testCards'))}</h2><ul>
<li><code>4242 4242 4242 4242</code> — ${esc(t(locale, 'cardOk'))}</li>
<li><code>4000 0000 0000 0002</code> — ${esc(t(locale, 'cardDeclined'))}</li>
<li><code>4000 0027 6000 3184</code> — ${esc(t(locale, 'card3ds'))}</li></ul>
<p><a href="${esc(session.cancelUrl)}">${esc(t(locale, 'back'))}</a></p>`;
    return c.html(page(locale, base, t(locale, 'checkoutTitle'), body, path), error ? 402 : 200);
  }

  function gone(c: Context, locale: Locale) {
    return c.html(
      page(
        locale,
        base,
        t(locale, 'checkoutTitle'),
        `<p role="alert">${esc(t(locale, 'sessionGone'))}</p>`,
        c.req.path,
      ),
      410,
    );
  }

  function success(c: Context, session: CheckoutSession) {
    return c.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
  }

  app.get('/checkout/:id', (c) => {
    const session = store.checkouts.get(c.req.param('id'));
    if (!session || session.status !== 'open') return gone(c, pickLocale(c, session?.locale ?? 'fr'));
    return checkoutForm(c, session);
  });

  app.post('/checkout/:id', async (c) => {
    const session = store.checkouts.get(c.req.param('id'));
    if (!session || session.status !== 'open') return gone(c, pickLocale(c, session?.locale ?? 'fr'));
    const locale = pickLocale(c, session.locale);
    const form = await c.req.parseBody();
    const values = Object.fromEntries(['card', 'expiry', 'cvc', 'name'].map((k) => [k, String(form[k] ?? '')]));
    const expiry = parseExpiry(values.expiry ?? '', store.nowS());
    if (!expiry || !/^\d{3,4}$/.test(values.cvc ?? ''))
      return checkoutForm(c, session, t(locale, 'invalidExpiry'), values);
    const outcome = cardOutcome(values.card ?? '');
    if (outcome === 'invalid') return checkoutForm(c, session, t(locale, 'invalidCard'), values);
    if (outcome === 'declined') return checkoutForm(c, session, t(locale, 'declined'), values);
    if (outcome === 'authenticate') {
      const hidden = (['card', 'expiry', 'cvc'] as const)
        .map((k) => `<input type="hidden" name="${k}" value="${esc(values[k] ?? '')}">`)
        .join('');
      const action = `${base}/checkout/${session.id}/authenticate?lang=${locale}`;
      const body = `<p>${esc(t(locale, 'authText'))}</p>
<form method="post" action="${esc(action)}">${hidden}<input type="hidden" name="result" value="approve"><button type="submit">${esc(t(locale, 'authApprove'))}</button></form>
<form method="post" action="${esc(action)}">${hidden}<input type="hidden" name="result" value="fail"><button type="submit" class="secondary">${esc(t(locale, 'authFail'))}</button></form>`;
      return c.html(page(locale, base, t(locale, 'authTitle'), body, c.req.path));
    }
    actions.completeCheckout(session.id, { number: values.card ?? '', expMonth: expiry.month, expYear: expiry.year });
    return success(c, session);
  });

  app.post('/checkout/:id/authenticate', async (c) => {
    const session = store.checkouts.get(c.req.param('id'));
    if (!session || session.status !== 'open') return gone(c, pickLocale(c, session?.locale ?? 'fr'));
    const locale = pickLocale(c, session.locale);
    const form = await c.req.parseBody();
    const expiry = parseExpiry(String(form.expiry ?? ''), store.nowS());
    if (form.result !== 'approve' || !expiry || cardOutcome(String(form.card ?? '')) !== 'authenticate') {
      return checkoutForm(c, session, t(locale, 'authFailed'));
    }
    actions.completeCheckout(session.id, {
      number: TEST_CARDS.authenticate,
      expMonth: expiry.month,
      expYear: expiry.year,
    });
    return success(c, session);
  });

  function portalPage(c: Context) {
    const portal = store.portals.get(c.req.param('id') ?? '');
    if (!portal) return c.html(page('fr', base, t('fr', 'notFound'), '', c.req.path), 404);
    const locale = pickLocale(c, portal.locale);
    const path = `${base}/portal/${portal.id}`;
    const subs = [...store.subscriptions.values()].filter((s) => s.customer === portal.customer);
    const sub = subs.filter((s) => s.status !== 'canceled').at(-1) ?? subs.at(-1);
    const customer = store.customers.get(portal.customer);
    const pm = customer?.defaultPaymentMethod ? store.paymentMethods.get(customer.defaultPaymentMethod) : undefined;
    const action = (name: string) => esc(`${path}/${name}?lang=${locale}`);
    let status = `<p>${esc(t(locale, 'none'))}</p>`;
    if (sub) {
      const line =
        sub.status === 'canceled'
          ? t(locale, 'ended')
          : `${t(locale, sub.cancelAtPeriodEnd ? 'endsOn' : 'renews')} ${day(locale, sub.periodEnd)}`;
      const button =
        sub.status === 'canceled'
          ? ''
          : sub.cancelAtPeriodEnd
            ? `<form method="post" action="${action('resume')}"><button type="submit">${esc(t(locale, 'resume'))}</button></form>`
            : `<p>${esc(t(locale, 'cancelNote'))}</p><form method="post" action="${action('cancel')}"><button type="submit" class="secondary">${esc(t(locale, 'cancel'))}</button></form>`;
      status = `<p><strong>${esc(DEMO_PRICE.productName)}</strong> — ${esc(money(locale, DEMO_PRICE.amount))} ${esc(t(locale, 'perMonth'))}</p>
<p>${esc(t(locale, 'status'))}: <span data-testid="status">${esc(sub.status)}</span></p><p data-testid="period">${esc(line)}</p>${button}`;
    }
    const invoices = [...store.invoices.values()].filter((i) => i.customer === portal.customer).reverse();
    const rows = invoices
      .map(
        (i) =>
          `<tr><td>${esc(i.number)}</td><td>${esc(day(locale, i.created))}</td><td>${esc(money(locale, i.amount))}</td>` +
          `<td><a href="${base}/invoices/${i.id}?lang=${locale}">${esc(t(locale, 'view'))}</a> · <a href="${base}/invoices/${i.id}/pdf">${esc(t(locale, 'pdf'))}</a></td></tr>`,
      )
      .join('');
    const body = `${status}
<h2>${esc(t(locale, 'paymentMethod'))}</h2><p data-testid="card">${pm ? `${esc(pm.card.brand)} •••• ${esc(pm.card.last4)} (${pm.card.exp_month}/${pm.card.exp_year})` : '—'}</p>
<form method="post" action="${action('card')}">${field('card', t(locale, 'cardNumber'), 'inputmode="numeric" required')}${field('expiry', t(locale, 'expiry'), 'required')}${field('cvc', t(locale, 'cvc'), 'required')}
<button type="submit" class="secondary">${esc(t(locale, 'changeCard'))}</button></form>
<h2>${esc(t(locale, 'invoices'))}</h2><table>${rows}</table>
<p><a href="${esc(portal.returnUrl)}">${esc(t(locale, 'returnTo'))}</a></p>`;
    return c.html(page(locale, base, t(locale, 'portalTitle'), body, path));
  }

  app.get('/portal/:id', portalPage);
  app.post('/portal/:id/:action', async (c) => {
    const portal = store.portals.get(c.req.param('id'));
    if (!portal) return c.html(page('fr', base, t('fr', 'notFound'), '', c.req.path), 404);
    const locale = pickLocale(c, portal.locale);
    const sub = [...store.subscriptions.values()]
      .filter((s) => s.customer === portal.customer && s.status !== 'canceled')
      .at(-1);
    const action = c.req.param('action');
    if ((action === 'cancel' || action === 'resume') && sub) actions.setCancelAtPeriodEnd(sub, action === 'cancel');
    if (action === 'card') {
      const form = await c.req.parseBody();
      const expiry = parseExpiry(String(form.expiry ?? ''), store.nowS());
      if (expiry && cardOutcome(String(form.card ?? '')) === 'ok') {
        actions.changeCard(portal.customer, String(form.card), expiry.month, expiry.year);
      }
    }
    return c.redirect(`${base}/portal/${portal.id}?lang=${locale}`, 303);
  });

  app.get('/invoices/:id', (c) => {
    const invoice = store.invoices.get(c.req.param('id'));
    const locale = pickLocale(c, invoice?.locale ?? 'fr');
    if (!invoice) return c.html(page(locale, base, t(locale, 'notFound'), '', c.req.path), 404);
    const body = `<p>${esc(t(locale, 'invoiceTitle'))} <strong>${esc(invoice.number)}</strong></p>
<p>${esc(t(locale, 'date'))}: ${esc(day(locale, invoice.created))}</p>
<p>${esc(t(locale, 'period'))}: ${esc(day(locale, invoice.periodStart))} – ${esc(day(locale, invoice.periodEnd))}</p>
<p>${esc(t(locale, 'amount'))}: ${esc(money(locale, invoice.amount))} — ${esc(t(locale, invoice.paid ? 'paid' : 'open'))}</p>
<p><a href="${base}/invoices/${invoice.id}/pdf">${esc(t(locale, 'pdf'))}</a></p>`;
    return c.html(page(locale, base, `${t(locale, 'invoiceTitle')} ${invoice.number}`, body, c.req.path));
  });

  app.get('/invoices/:id/pdf', (c) => {
    const invoice = store.invoices.get(c.req.param('id'));
    if (!invoice) return c.text('Not found', 404);
    const pdf = simplePdf([
      `PharmaRadar - ${invoice.number}`,
      `${DEMO_PRICE.productName}: ${(invoice.amount / 100).toFixed(2)} EUR`,
      'TEST INVOICE - no money moved (local Stripe simulation)',
    ]);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${invoice.number}.pdf"`,
    });
  });

  return app;
}
