import { Hono } from 'hono';
import { accountDeleteSchema, type DetailResponse } from '@pharmaradar/shared';
import { localize, requestLocale } from '../../lib/i18n';
import { rateLimit } from '../../lib/rate-limit';
import { AUTH_MESSAGES } from '../auth/auth.messages';
import type { AuthContext } from '../auth/auth.context';
import { withThrottle } from '../auth/throttle';
import { parseAuthBody } from '../auth/validate';
import { requireUser } from '../sessions/session.middleware';
import { createAccountService } from './account.service';

/** /api/account/: deletion of the logged-in user's account. */
export function createAccountRoutes(ctx: AuthContext): Hono {
  const account = createAccountService(ctx);
  const r = new Hono();
  // Per connection, on top of the per-account password budget of account.service.ts.
  const perConnection = rateLimit({ name: 'account-delete', windowMs: 15 * 60 * 1000, max: 20, now: ctx.deps.now });

  r.post('/account/delete/', perConnection, (c) =>
    withThrottle(c, async () => {
      const user = requireUser(c);
      const input = await parseAuthBody(c, accountDeleteSchema);
      await account.delete(c, user, input);
      return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.accountDeleted, requestLocale(c)) });
    }),
  );

  return r;
}
