import type { Locale } from '@pharmaradar/shared';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import type { UserRow } from './user.repository';
import { AUTH_MESSAGES } from './accounts.messages';
import { type AccountsContext, type SignedIn } from './accounts.context';
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

/** 429 with Retry-After: this connection must wait before trying this account again. */
function slowDown(waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpError(
    429,
    'rate_limited',
    COMMON_MESSAGES.rateLimited,
    undefined,
    { 'Retry-After': String(seconds) },
    seconds,
  );
}

/**
 * Password login and logout. Anti-automation without malicious lockout (ASVS 6.1.1, 6.3.1): growing
 * delays per (account, connection) and per account (login-delays.ts) slow the connections that guess;
 * a connection that has not been failing is always heard, so the owner's right password always works.
 * Per connection, whatever the account: 50 attempts / 15 min (accounts.routes.ts).
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
      const waitMs = limits.login.waitMs(email, connection);
      if (waitMs > 0) {
        log.warn('login throttled for account and connection', {
          ip: connection,
          retryAfterS: Math.ceil(waitMs / 1000),
        });
        throw slowDown(waitMs);
      }
      const user = users.findByEmail(email);
      const ok =
        user && user.closed_at === null && user.password_hash
          ? await verifyPassword(user.password_hash, password)
          : await verifyAgainstDummy(password);
      if (!user || !ok) {
        const failures = limits.login.fail(email, connection);
        log.info('login failed', { user: user?.id ?? null, ip: connection, ...failures });
        throw invalidCredentials();
      }
      if (user.email_verified !== 1) {
        throw new HttpError(400, 'email_not_verified', AUTH_MESSAGES.emailNotVerified);
      }
      if (user.is_active !== 1) throw invalidCredentials();
      limits.login.clear(email);
      return ctx.signIn(user, locale, 'password', previousToken);
    },

    /** Ends the session of this cookie value; `user` is whoever it belonged to (null: anonymous). */
    logout(token: string, user: UserRow | null): void {
      sessions.end(token);
      if (user) log.info('logout', { user: user.id });
    },
  };
}
