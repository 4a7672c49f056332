import { createAccountsContext, type AccountsDeps } from './accounts.context';
import { createAccountsRoutes } from './accounts.routes';
import { sessionMiddleware } from './session.middleware';

export type { AccountsDeps } from './accounts.context';

/**
 * Accounts and sessions, wired once per app: the session middleware (user on the context) and the
 * /api/auth/* and /api/account/* router.
 */
export function createAccountsModule(deps: AccountsDeps) {
  const ctx = createAccountsContext(deps);
  return {
    sessionMiddleware: sessionMiddleware(ctx.sessions, deps.env),
    routes: createAccountsRoutes(ctx),
    /** Waits for account e-mails still being sent. */
    pendingMails: () => ctx.mails.pending(),
  };
}
