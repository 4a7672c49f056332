import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { createRateLimiter } from '../../lib/rate-limit';
import { createUserRepository, type UserRow } from './user.repository';
import { createSessionService, type StartedSession } from './session.service';
import type { Locale } from '@pharmaradar/shared/locales';
import { createAuthMails } from './accounts.mails';
import { createGoogleVerifier } from './google-verifier';
import { createIdentityRepository } from './identity.repository';
import { createOtpService } from './otp.service';
import { createBrowserRegistrations } from './browser-registration';
import { createSignedTokens } from './signed-token';
import { createLoginDelays } from './login-delays';
import { createKnownDevices } from './known-device';
import { createCodePacing } from './code-pacing';
import { summariseUserAgent } from './user-agent';
import type { SearchUsage } from './user.serializer';
import type { PersonalDataSource } from './account-export.service';

/** What the accounts module needs from the app; app.ts wires it (see docs/decisions/016). */
export interface AccountsDeps {
  env: Env;
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** Clock in epoch milliseconds. */
  now: () => number;
  /**
   * Erases a closed account's personal data now, in every feature that holds some (the purge job
   * owns that list and retries what fails). Injected so accounts needs no other feature.
   */
  purgeAccount: (userId: number, log: Logger) => void;
  /** Other features' parts of the account data export (account-export.service.ts). */
  personalData: PersonalDataSource[];
  /** `search_used` of the user shape: this month's Pro use, kept by the Pro feature. */
  searchUsed: SearchUsage;
  /** The billing feature's side of account deletion, wired in by app.ts. */
  subscriptions: AccountSubscriptions;
  /**
   * A user logs out of this session (before it ends): what other features bound to the session goes
   * with it (push on a shared tablet's browser). Injected so accounts needs no other feature.
   */
  loggingOut?: (sessionId: number) => void;
}

/** What account deletion needs from billing (features never import each other). */
export interface AccountSubscriptions {
  /**
   * Ends every live paid subscription of the user at the payment provider now; throws an HttpError
   * (502, translated) when the provider cannot do it, and then the account must stay as it is.
   */
  endForDeletion(userId: number): Promise<{ cancelled: boolean }>;
}

export const ACTIVATION_LINK_TTL_MS = 24 * 3600 * 1000;
export const RESET_LINK_TTL_MS = 3600 * 1000;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
export const DELETE_PASSWORD_WINDOW_MS = 15 * MINUTE;
export const LOGIN_CONNECTION_WINDOW_MS = 15 * MINUTE;

/**
 * Per-account (per e-mail) limits, in the database like lib/rate-limit.ts so that every server
 * process counts the same (ADR 177). They apply to unknown addresses exactly as to real ones, so they
 * never tell whether an account exists.
 */
function createAccountLimits(db: Db, now: () => number) {
  return {
    /** Growing delays after wrong passwords, per account and per connection (login-delays.ts). */
    login: createLoginDelays(db, now),
    /**
     * Password logins per connection whatever the account: 50 per 15 minutes. Checked by the login
     * service, not as route middleware, because a browser the account knows (device cookie) is exempt.
     */
    loginConnection: createRateLimiter({ name: 'login', windowMs: LOGIN_CONNECTION_WINDOW_MS, max: 50, now, db }),
    /** Password re-entry before account deletion: 5 tries per 15 minutes per account. */
    deletePassword: createRateLimiter({
      name: 'delete-password',
      windowMs: DELETE_PASSWORD_WINDOW_MS,
      max: 5,
      now,
      db,
    }),
    /**
     * Verification codes (register + resend): per address a pace of one a minute, slowing to one
     * every ten minutes past five an hour (code-pacing.ts), and five an hour per (address,
     * connection); nothing blocks an address for an hour (docs/decisions/101).
     */
    codePace: createCodePacing(db, now),
    codeHour: createRateLimiter({ name: 'otp-send-hour', windowMs: HOUR, max: 5, now, db }),
    /** Reset mails: three per hour per address; extra requests get the same answer and no mail. */
    reset: createRateLimiter({ name: 'reset-account', windowMs: HOUR, max: 3, now, db }),
  };
}

/** How a sign-in proved who the user is (logged with the login line). */
export type LoginMethod = 'password' | 'otp' | 'activation-link' | 'google';

/**
 * The answer of every successful sign-in: the fresh user row, the session and the known-device value
 * the routes set as cookies.
 */
export interface SignedIn {
  user: UserRow;
  session: StartedSession;
  /** Device cookie value for this browser and account (known-device.ts). */
  knownDevice: string;
}

/** What a sign-in needs from the request besides the proof of identity. */
export interface SignInClient {
  /** The session cookie the request carried ('' when none): it is replaced, never reused. */
  previousToken: string;
  /** The User-Agent header ('' when none); only its browser and system names are kept. */
  userAgent: string;
}

/** Everything the account services share, built once per app. */
export function createAccountsContext(deps: AccountsDeps) {
  const { env, db, now } = deps;
  const log = deps.log.child({ feature: 'auth' });
  const users = createUserRepository(db);
  const sessions = createSessionService({ db, now, log: log.child({ feature: 'sessions' }) });
  const knownDevices = createKnownDevices({ secret: env.SECRET_KEY, now });
  return {
    deps: { ...deps, log },
    users,
    identities: createIdentityRepository(db),
    sessions,
    otp: createOtpService({ db, secret: env.SECRET_KEY, now }),
    browserRegistrations: createBrowserRegistrations({ db, secret: env.SECRET_KEY, now }),
    mails: createAuthMails({ env, mailer: deps.mailer, log }),
    activationTokens: createSignedTokens({
      secret: env.SECRET_KEY,
      purpose: 'activation',
      maxAgeMs: ACTIVATION_LINK_TTL_MS,
      now,
    }),
    resetTokens: createSignedTokens({
      secret: env.SECRET_KEY,
      purpose: 'password-reset',
      maxAgeMs: RESET_LINK_TTL_MS,
      now,
    }),
    limits: createAccountLimits(db, now),
    knownDevices,
    google: env.GOOGLE_CLIENT_ID
      ? createGoogleVerifier({ clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL, now })
      : null,
    /**
     * The last step of every sign-in: last login and language recorded, then a brand-new session
     * (the one the request carried, `client.previousToken`, is destroyed), and this browser becomes
     * a known device of the account.
     */
    signIn(user: UserRow, locale: Locale, method: LoginMethod, client: SignInClient): SignedIn {
      users.recordLogin(user.id, locale, now());
      const session = sessions.start(user.id, client.previousToken, summariseUserAgent(client.userAgent));
      log.info('login', { user: user.id, method });
      return { user: users.findById(user.id) as UserRow, session, knownDevice: knownDevices.issue(user.email) };
    },
  };
}

export type AccountsContext = ReturnType<typeof createAccountsContext>;

/**
 * What an activation link is bound to: it dies once the account is verified, when the password or the
 * address changes, and when the account is closed. `otpId` is the code mailed with it: a newer code
 * does not kill it (docs/decisions/185).
 */
export function activationState(user: UserRow, otpId: number | undefined): string {
  return [
    user.id,
    user.email,
    user.email_verified,
    user.is_active,
    user.password_hash ?? '',
    user.closed_at ?? '',
    otpId ?? '',
  ].join('\u0000');
}

/** Django's reset-token state: used once (the hash changes), dead after a login or an e-mail change. */
export function resetState(user: UserRow): string {
  return [user.id, user.password_hash ?? '', user.last_login ?? '', user.email, user.closed_at ?? ''].join('\u0000');
}
