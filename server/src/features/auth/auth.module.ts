import { createAccountRoutes } from '../account/account.routes';
import { sessionMiddleware } from '../sessions/session.middleware';
import { createAuthContext, type AuthDeps } from './auth.context';
import { createAuthRoutes } from './auth.routes';

/**
 * Accounts and sessions, wired once per app: the session middleware (user on the context) and the
 * /api/auth/* and /api/account/* routers.
 */
export function createAccountsModule(deps: AuthDeps) {
  const ctx = createAuthContext(deps);
  return {
    sessionMiddleware: sessionMiddleware(deps.env, ctx.sessions),
    authRoutes: createAuthRoutes(ctx),
    accountRoutes: createAccountRoutes(ctx),
    /** Waits for account e-mails still being sent. */
    pendingMails: () => ctx.mails.pending(),
  };
}
