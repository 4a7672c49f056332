import type { Locale } from '@pharmaradar/shared';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import { throttledError } from '../../lib/rate-limit';
import type { UserRow } from './user.repository';
import { AUTH_MESSAGES } from './accounts.messages';
import { LOGIN_CEILING_WINDOW_MS, LOGIN_WINDOW_MS, type AccountsContext, type SignedIn } from './accounts.context';
import { verifyAgainstDummy, verifyPassword } from './password';

const invalidCredentials = () => new HttpError(400, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);

/** A password login attempt as the route reads it from the request. */
export interface LoginAttempt {
  email: string;
  password: string;
  /** The connection the rate limits key on (socket, or the trusted proxy's hop). */
  connection: string;
  /** The session cookie the request carried ('' when none): it is replaced, never reused. */
  previousToken: string;
}

/**
 * Password login and logout. Anti-automation without malicious lockout (ASVS 6.1.1, 6.3.1):
 * - per connection: 50 attempts / 15 min whatever the account (auth.routes.ts);
 * - per (account, connection): 10 attempts / 15 min;
 * - per account: 100 attempts / hour from all connections together (NIST SP 800-63B ceiling).
 * A successful login clears the account's counters. Nothing locks an account for good.
 */
export function createLoginService(ctx: AccountsContext) {
  const { users, sessions, limits } = ctx;
  const { log } = ctx.deps;

  return {
    /**
     * Checks the password (same argon2 work for unknown addresses), then starts a brand-new session.
     * An unverified account is told so only after a correct password.
     */
    async login({ email, password, connection, previousToken }: LoginAttempt, locale: Locale): Promise<SignedIn> {
      // Two budgets (SECURITY §1.1): the (account, connection) pair first, so an attacker's refused
      // tries never eat into the account's ceiling, then the account's own ceiling.
      const pairKey = `${email}\u0000${connection}`;
      const pair = limits.login.consume(pairKey);
      if (!pair.allowed) {
        log.warn('login throttled for account and connection', { attempts: pair.limit });
        throw throttledError(COMMON_MESSAGES.rateLimited, pair, LOGIN_WINDOW_MS);
      }
      const ceiling = limits.loginCeiling.consume(email);
      if (!ceiling.allowed) {
        log.warn('login throttled for account', { attempts: ceiling.limit });
        throw throttledError(COMMON_MESSAGES.rateLimited, ceiling, LOGIN_CEILING_WINDOW_MS);
      }
      const user = users.findByEmail(email);
      const ok =
        user && user.closed_at === null && user.password_hash
          ? await verifyPassword(user.password_hash, password)
          : await verifyAgainstDummy(password);
      if (!user || !ok) {
        log.info('login failed', { user: user?.id ?? null });
        throw invalidCredentials();
      }
      if (user.email_verified !== 1) {
        throw new HttpError(400, 'email_not_verified', AUTH_MESSAGES.emailNotVerified);
      }
      if (user.is_active !== 1) throw invalidCredentials();
      limits.login.reset(pairKey);
      limits.loginCeiling.reset(email);
      return ctx.signIn(user, locale, 'password', previousToken);
    },

    /** Ends the session of this cookie value; `user` is whoever it belonged to (null: anonymous). */
    logout(token: string, user: UserRow | null): void {
      sessions.end(token);
      if (user) log.info('logout', { user: user.id });
    },
  };
}
