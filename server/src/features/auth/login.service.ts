import type { Context } from 'hono';
import type { Locale } from '@pharmaradar/shared';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import type { UserRow } from '../account/user.repository';
import { AUTH_MESSAGES } from './auth.messages';
import type { AuthContext } from './auth.context';
import { verifyAgainstDummy, verifyPassword } from './password';
import { ThrottledError } from './throttle';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const invalidCredentials = () => new HttpError(400, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);

/** Password login and logout. */
export function createLoginService(ctx: AuthContext) {
  const { users, sessions, limits } = ctx;
  const { now, log } = ctx.deps;

  return {
    /**
     * Checks the password (same argon2 work for unknown addresses), then starts a brand-new session.
     * An unverified account is told so only after a correct password.
     */
    async login(c: Context, email: string, password: string, locale: Locale): Promise<UserRow> {
      const budget = limits.login.consume(email);
      if (!budget.allowed) {
        log.warn('login throttled for account', { attempts: budget.limit });
        throw new ThrottledError(COMMON_MESSAGES.rateLimited, budget, LOGIN_WINDOW_MS);
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
      limits.login.reset(email);
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
