import type { Context } from 'hono';
import type { Locale } from '@pharmaradar/shared';
import { clientAddress } from '../../lib/client-address';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import type { UserRow } from '../account/user.repository';
import { AUTH_MESSAGES } from './auth.messages';
import { LOGIN_CEILING_WINDOW_MS, LOGIN_WINDOW_MS, type AuthContext } from './auth.context';
import { verifyAgainstDummy, verifyPassword } from './password';
import { ThrottledError } from './throttle';

const invalidCredentials = () => new HttpError(400, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);

/** The connection the rate limits key on (app.ts sets it: socket, or the trusted proxy's hop). */
const connectionOf = (c: Context): string => c.get('clientIp') ?? clientAddress(c, false);

/**
 * Password login and logout. Anti-automation without malicious lockout (ASVS 6.1.1, 6.3.1):
 * - per connection: 50 attempts / 15 min whatever the account (auth.routes.ts);
 * - per (account, connection): 10 attempts / 15 min;
 * - per account: 100 attempts / hour from all connections together (NIST SP 800-63B ceiling).
 * A successful login clears the account's counters. Nothing locks an account for good.
 */
export function createLoginService(ctx: AuthContext) {
  const { users, sessions, limits } = ctx;
  const { now, log } = ctx.deps;

  return {
    /**
     * Checks the password (same argon2 work for unknown addresses), then starts a brand-new session.
     * An unverified account is told so only after a correct password.
     */
    async login(c: Context, email: string, password: string, locale: Locale): Promise<UserRow> {
      // Two budgets (SECURITY §1.1): the (account, connection) pair first, so an attacker's refused
      // tries never eat into the account's ceiling, then the account's own ceiling.
      const pairKey = `${email}\u0000${connectionOf(c)}`;
      const pair = limits.login.consume(pairKey);
      if (!pair.allowed) {
        log.warn('login throttled for account and connection', { attempts: pair.limit });
        throw new ThrottledError(COMMON_MESSAGES.rateLimited, pair, LOGIN_WINDOW_MS);
      }
      const ceiling = limits.loginCeiling.consume(email);
      if (!ceiling.allowed) {
        log.warn('login throttled for account', { attempts: ceiling.limit });
        throw new ThrottledError(COMMON_MESSAGES.rateLimited, ceiling, LOGIN_CEILING_WINDOW_MS);
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
      users.recordLogin(user.id, locale, now());
      sessions.start(c, user.id);
      log.info('login', { user: user.id, method: 'password' });
      return users.findById(user.id) as UserRow;
    },

    logout(c: Context): void {
      const user = c.get('user');
      sessions.end(c);
      if (user) log.info('logout', { user: user.id });
    },
  };
}
