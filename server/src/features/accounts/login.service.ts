import type { Locale } from '@pharmaradar/shared/locales';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import { rateLimitedError } from '../../lib/rate-limit';
import type { UserRow } from './user.repository';
import { AUTH_MESSAGES } from './accounts.messages';
import { LOGIN_CONNECTION_WINDOW_MS, type AccountsContext, type SignedIn, type SignInClient } from './accounts.context';
import type { Requester } from './login-delays';
import { verifyAgainstDummy, verifyPassword } from './password';
import { createVerificationMailer } from './verification-mailer';

const invalidCredentials = () => new HttpError(400, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);

/** A password login attempt as the route reads it from the request. */
export interface LoginAttempt extends SignInClient {
  email: string;
  password: string;
  /** The connection the rate limits key on (socket, or the trusted proxy's hop). */
  connection: string;
  /** The known-device cookie the request carried ('' when none). */
  knownDevice: string;
}

/** 429 with Retry-After: this requester must wait before trying this account again. */
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
 * delays per (account, connection) and per account (login-delays.ts) slow the connections that guess,
 * and 50 attempts / 15 min per connection whatever the account. A browser carrying the account's
 * known-device cookie (docs/decisions/100) is judged on its own failures only, so the owner gets in
 * from a connection strangers have been guessing from. Every refusal comes before the password is
 * checked, so a throttled requester learns nothing about the password it sent.
 */
export function createLoginService(ctx: AccountsContext) {
  const { users, sessions, limits, knownDevices, mails } = ctx;
  const { log } = ctx.deps;
  const verification = createVerificationMailer(ctx);

  return {
    /**
     * Checks the password (same argon2 work for unknown addresses), then starts a brand-new session.
     * An unverified account answers like a wrong password, even to the right one, and gets a code mail.
     */
    async login(attempt: LoginAttempt, locale: Locale): Promise<SignedIn> {
      const { email, password, connection } = attempt;
      const device = attempt.knownDevice ? knownDevices.recognise(attempt.knownDevice, email) : null;
      const requester: Requester = device ? { device } : { connection };
      if (!device) {
        const perConnection = limits.loginConnection.consume(connection);
        if (!perConnection.allowed) {
          log.warn('login throttled for connection', { ip: connection, retryAfterS: perConnection.resetSeconds });
          throw rateLimitedError(perConnection, LOGIN_CONNECTION_WINDOW_MS);
        }
      }
      const waitMs = limits.login.waitMs(email, requester);
      if (waitMs > 0) {
        log.warn(device ? 'login throttled for account and device' : 'login throttled for account and connection', {
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
        const failures = limits.login.fail(email, requester);
        log.info('login failed', { user: user?.id ?? null, ip: connection, knownDevice: device !== null, ...failures });
        throw invalidCredentials();
      }
      if (user.email_verified !== 1) {
        // The right password of a pending account answers like a wrong one: otherwise
        // registering an address then signing in tells an unknown address from an account. The owner
        // learns what to do from the fresh code mailed after the answer (docs/decisions/126).
        const failures = limits.login.fail(email, requester);
        log.info('login of a pending account', { user: user.id, ip: connection, ...failures });
        mails.afterResponse(() => {
          const fresh = users.findById(user.id);
          if (!fresh || fresh.closed_at !== null || fresh.email_verified !== 0) return;
          if (verification.mayMail(email, connection).allowed) {
            verification.sendCode(fresh, fresh.locale, { notice: 'loginPending' });
          }
        });
        throw invalidCredentials();
      }
      if (user.is_active !== 1) throw invalidCredentials();
      limits.login.succeeded(email, requester);
      return ctx.signIn(user, locale, 'password', attempt);
    },

    /** Ends the session of this cookie value; `user` is whoever it belonged to (null: anonymous). */
    logout(token: string, user: UserRow | null): void {
      sessions.end(token);
      if (user) log.info('logout', { user: user.id });
    },
  };
}
