import { createAccountsContext, type AccountsDeps } from './accounts.context';
import { createAccountsRoutes } from './accounts.routes';
import { requirePro } from './pro-access';
import { requireUser, sessionMiddleware } from './session.middleware';
import { createSignedTokens } from './signed-token';
import { prioritySender, requireStaff } from './staff-access';
import { serializeUser } from './user.serializer';

export type { AccountsDeps } from './accounts.context';

/**
 * Accounts and sessions, wired once per app: the session middleware (user on the context), the
 * /api/auth/* and /api/account/* router, and the ports other features declare and app.ts hands on
 * (access guards, the user shape, mail recipients, signed links), all read from the one user
 * repository of the accounts context (ADR 144).
 */
export function createAccountsModule(deps: AccountsDeps) {
  const ctx = createAccountsContext(deps);
  const { users } = ctx;
  /** An open account's row (a closed one is gone for every other feature). */
  const openAccount = (userId: number) => {
    const row = users.findById(userId);
    return row && row.closed_at === null ? row : null;
  };
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
    /** The `user` object of /api/auth/me/ for an id (billing's BillingUsers), null once closed. */
    users: {
      serialize: (userId: number) => {
        const row = openAccount(userId);
        return row ? serializeUser(row, deps.now(), deps.searchUsed) : null;
      },
    },
    /** Where a feature's mail to a user goes (alerts' AlertRecipients), null once closed. */
    recipients: {
      contactOf: (userId: number) => {
        const row = openAccount(userId);
        return row ? { email: row.email, first_name: row.first_name } : null;
      },
    },
    /** Signed, stateless tokens for a purpose (e.g. the alerts' one-click unsubscribe links). */
    signedTokens: (purpose: string, maxAgeMs: number) =>
      createSignedTokens({ secret: deps.env.SECRET_KEY, purpose, maxAgeMs, now: deps.now }),
  };
}
