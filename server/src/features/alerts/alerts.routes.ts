import { Hono, type Context } from 'hono';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { alertPreferencesSchema, createAlertSchema } from '@pharmaradar/shared/alerts.schema';
import { HttpError } from '../../lib/http-error';
import { requestLocale } from '../../lib/i18n';
import { COMMON_ISSUES, parseJsonBody } from '../../lib/validate';
import { ALERTS_MESSAGES } from './alerts.messages';
import { UNSUBSCRIBE_PAGE } from './alerts.mail-texts';
import type { AlertsService } from './alerts.service';

/** The logged-in user of the request, 401 otherwise (app.ts: the accounts' requireUser). */
export type RequireUser = (c: Context) => { id: number };

const ISSUES = {
  ...COMMON_ISSUES,
  fields: {
    ...COMMON_ISSUES.fields,
    invalid_cnk: ALERTS_MESSAGES.invalidCnk,
    invalid_price: ALERTS_MESSAGES.invalidPrice,
  },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** GET /api/alerts/, POST /api/alerts/create/, DELETE /api/alerts/:id/, GET/PUT /api/alerts/preferences/ for the account (CSRF checked globally); the mail's unsubscribe link. */
export function createAlertsRoutes(deps: { service: AlertsService; requireUser: RequireUser }): Hono {
  const routes = new Hono();
  routes.get('/alerts/', (c) => c.json({ alerts: deps.service.list(deps.requireUser(c).id) }));
  routes.post('/alerts/create/', async (c) => {
    const user = deps.requireUser(c);
    const input = await parseJsonBody(c, createAlertSchema, ISSUES);
    return c.json(deps.service.create(user.id, input, requestLocale(c)), 201);
  });
  routes.get('/alerts/preferences/', (c) => c.json(deps.service.preferences(deps.requireUser(c).id)));
  routes.put('/alerts/preferences/', async (c) => {
    const user = deps.requireUser(c);
    const input = await parseJsonBody(c, alertPreferencesSchema, ISSUES);
    return c.json(deps.service.setPreferences(user.id, input));
  });
  routes.delete('/alerts/:id/', (c) => {
    const user = deps.requireUser(c);
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, 'not_found', ALERTS_MESSAGES.notFound);
    deps.service.remove(user.id, id);
    return c.body(null, 204);
  });
  // One click from the mail, no login: the signed token names the alert. A small page in the
  // alert's language says what happened (the link may be opened on any device).
  routes.get('/alerts/unsubscribe/', (c) => {
    const id = Number(c.req.query('id'));
    const removed =
      Number.isSafeInteger(id) && id > 0 ? deps.service.unsubscribe(id, c.req.query('token') ?? '') : null;
    const locale = removed?.locale ?? requestLocale(c);
    const texts = UNSUBSCRIBE_PAGE[locale];
    const message = removed ? texts.done.replace('{product}', removed.product_name) : texts.invalid;
    const home = locale === 'fr' ? '/' : `/${locale}`;
    const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(BRAND_NAME)}</title></head>
<body><main><h1>${escapeHtml(BRAND_NAME)}</h1><p data-testid="unsubscribe-result" data-done="${removed ? 'true' : 'false'}">${escapeHtml(message)}</p><p><a href="${home}">${escapeHtml(texts.back)}</a></p></main></body></html>`;
    return c.html(html, removed ? 200 : 404);
  });
  return routes;
}
