import { Hono } from 'hono';
import { accountDeleteSchema, type DetailResponse } from '@pharmaradar/shared';
import { localize, requestLocale } from '../../lib/i18n';
import { AUTH_MESSAGES } from '../auth/auth.messages';
import type { AuthContext } from '../auth/auth.context';
import { parseAuthBody } from '../auth/validate';
import { requireUser } from '../sessions/session.middleware';
import { createAccountService } from './account.service';

/** /api/account/: deletion of the logged-in user's account. */
export function createAccountRoutes(ctx: AuthContext): Hono {
  const account = createAccountService(ctx);
  const r = new Hono();

  r.post('/account/delete/', async (c) => {
    const user = requireUser(c);
    const input = await parseAuthBody(c, accountDeleteSchema);
    account.delete(c, user, input.email_confirmation);
    return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.accountDeleted, requestLocale(c)) });
  });

  return r;
}
