import { Hono, type Context } from 'hono';
import { contactMessageSchema } from '@pharmaradar/shared/contact.schema';
import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import { localize, requestLocale } from '../../lib/i18n';
import type { Logger } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { createRateLimiter, rateLimitedError, rateLimitHeaders } from '../../lib/rate-limit';
import { parseJsonBody } from '../../lib/validate';
import { createContactRepository } from './contact.repository';
import { CONTACT_MESSAGES, submitContactMessage } from './contact.service';

export const CONTACT_RATE_LIMIT = { windowMs: 10 * 60_000, max: 5 };

/** What the contact form needs from the app (app.ts wires it). */
export interface ContactDeps {
  db: Db;
  env: Pick<Env, 'CONTACT_TO'>;
  mailer: Mailer;
  log: Logger;
  now: () => number;
  /**
   * Whether the sender gets priority support (docs/product.md#audience-and-plans: a signed-in Pro or Ultra user), wired in
   * app.ts from the session; absent, no message is priority.
   */
  isPriority?: (c: Context) => boolean;
}

/**
 * POST /api/contact/ (CSRF checked globally): validate, rate-limit per connection, store, mail.
 * Only valid submissions count against the limit: they are what costs a stored row and a mail,
 * while a person correcting a typo should not lock themselves out.
 */
export function createContactRoutes(deps: ContactDeps): Hono {
  const routes = new Hono();
  const limiter = createRateLimiter({ name: 'contact', ...CONTACT_RATE_LIMIT, now: deps.now, db: deps.db });
  const service = {
    repository: createContactRepository(deps.db),
    mailer: deps.mailer,
    log: deps.log.child({ feature: 'contact' }),
    now: deps.now,
    contactTo: deps.env.CONTACT_TO,
  };
  routes.post('/contact/', async (c) => {
    const input = await parseJsonBody(c, contactMessageSchema);
    const limit = limiter.consume(c.get('clientIp'));
    if (!limit.allowed) throw rateLimitedError(limit, CONTACT_RATE_LIMIT.windowMs);
    for (const [name, value] of Object.entries(rateLimitHeaders(limit, CONTACT_RATE_LIMIT.windowMs)))
      c.header(name, value);
    const locale = requestLocale(c);
    await submitContactMessage(service, input, locale, deps.isPriority?.(c) ?? false);
    return c.json({ detail: localize(CONTACT_MESSAGES.sent, locale) }, 201);
  });
  return routes;
}
