import { createAccountsContext, type AccountsDeps } from './accounts.context';
import { createAccountsRoutes } from './accounts.routes';
import { requirePro } from './pro-access';
import { requireUser, sessionMiddleware } from './session.middleware';
import { createSignedTokens } from './signed-token';
import { prioritySender, requireStaff } from './staff-access';

export type { AccountsDeps } from './accounts.context';
export { createAccountUsers } from './account-users';

/**
 * Accounts and sessions, wired once per app: the session middleware (user on the context), the
 * /api/auth/* and /api/account/* router, and the ports other features declare and app.ts hands on
 * (access guards, signed links). The user shape and mail recipients are `createAccountUsers`, which
 * reads the database only and so is built before billing, which this module needs.
 */
export function createAccountsModule(deps: AccountsDeps) {
  const ctx = createAccountsContext(deps);
  return {
    sessionMiddleware: sessionMiddleware(ctx.sessions, deps.env),
    routes: createAccountsRoutes(ctx),
    /** Waits for account e-mails still being sent. */
    pendingMails: () => ctx.mails.pending(),
    /** Access guards: signed in, Pro or Ultra, staff; and whether a contact message is priority. */
    requireUser,
    requirePro: requirePro(deps.now),
    requireStaff,
    isPrioritySender: prioritySender(deps.now),
    /** Signed, stateless tokens for a purpose (e.g. the alerts' one-click unsubscribe links). */
    signedTokens: (purpose: string, maxAgeMs: number) =>
      createSignedTokens({ secret: deps.env.SECRET_KEY, purpose, maxAgeMs, now: deps.now }),
  };
}
