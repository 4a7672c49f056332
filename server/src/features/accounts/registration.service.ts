import type { Locale, RegisterInput } from '@pharmaradar/shared';
import { HttpError } from '../../lib/http-error';
import { throttledError } from '../../lib/rate-limit';
import type { UserRow } from './user.repository';
import { AUTH_MESSAGES } from './accounts.messages';
import {
  ACTIVATION_LINK_TTL_MS,
  activationState,
  type AccountsContext,
  type SignedIn,
  type SignInClient,
} from './accounts.context';
import { OTP_TTL_MS } from './otp.service';
import { hashPassword, isCommonPassword } from './password';
import { decodeUid, encodeUid } from './signed-token';

export function passwordCommonError(field: string): HttpError {
  return new HttpError(400, 'password_common', AUTH_MESSAGES.passwordCommon, { [field]: AUTH_MESSAGES.passwordCommon });
}

const otpInvalid = () =>
  new HttpError(400, 'otp_invalid', AUTH_MESSAGES.otpInvalid, { code: AUTH_MESSAGES.otpInvalid });
const activationInvalid = () => new HttpError(400, 'activation_invalid', AUTH_MESSAGES.activationInvalid);

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Registration, e-mail verification by code or link, and code resending. */
export function createRegistrationService(ctx: AccountsContext) {
  const { users, otp, mails, limits, activationTokens } = ctx;
  const { db, now, log } = ctx.deps;

  /**
   * Both must agree before a code mail goes out: the address's pace, whoever asks (one a minute, one
   * every ten minutes past five an hour), and five an hour per (address, connection). Neither blocks
   * an address for long, so a stranger asking for codes cannot keep the owner from one (issue 8.4).
   */
  const mayMail = (email: string, connection: string) => {
    const pace = limits.codePace.check(email);
    if (!pace.allowed) {
      const refusal = { allowed: false, limit: 1, remaining: 0, resetSeconds: pace.retryAfterSeconds };
      return { allowed: false, refusal, windowMs: pace.gapMs };
    }
    // Refusals by the pace do not eat into the connection's hourly allowance.
    const hour = limits.codeHour.consume(`${email}\u0000${connection}`);
    if (hour.allowed) limits.codePace.record(email);
    return { allowed: hour.allowed, refusal: hour, windowMs: 3_600_000 };
  };

  /** New code (the previous one dies) and a mail with the code and the matching activation link. */
  const sendCode = (user: UserRow, locale: Locale) => {
    const code = otp.issue(user.id, user.password_hash ?? '');
    const token = activationTokens.make(activationState(user, otp.latestId(user.id)));
    mails.verification(
      user,
      locale,
      code,
      `/activate/${encodeUid(user.id)}/${token}`,
      OTP_TTL_MS / 60_000,
      ACTIVATION_LINK_TTL_MS / 3_600_000,
    );
  };

  return {
    /**
     * Same 201 answer whatever the address: a new account gets its code; a pending one is replaced
     * (latest registration wins, the old link dies); a verified one only gets a warning mail.
     */
    async register(input: RegisterInput, locale: Locale, connection: string): Promise<void> {
      if (isCommonPassword(input.password)) throw passwordCommonError('password');
      // Hash first in every case so the answer takes as long for an existing address as for a new one.
      const passwordHash = await hashPassword(input.password);
      const at = now();
      const fields = {
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        isPharmacist: input.is_pharmacist,
        locale,
        termsAcceptedAt: at,
      };
      const existing = users.findByEmail(input.email);
      const mail = mayMail(input.email, connection);
      if (!existing) {
        let id: number;
        try {
          id = users.insert({ ...fields, email: input.email, emailVerified: false }, at);
        } catch (error) {
          if (isUniqueViolation(error)) return; // a concurrent registration of the same address won
          throw error;
        }
        // A brand-new address always gets its code: it can only happen once per address.
        sendCode(users.findById(id) as UserRow, locale);
        log.info('account registered', { user: id });
        return;
      }
      if (existing.closed_at !== null) return;
      if (existing.email_verified === 1) {
        if (mail.allowed) mails.registerAttempt(existing, existing.locale);
        log.info('registration attempt on a verified address', { user: existing.id });
        return;
      }
      // Every earlier code and link dies now, even when no new mail may go out yet: whoever holds an
      // older code must never activate the password this registration just set (issue 8.2).
      db.transaction(() => {
        users.replacePendingRegistration(existing.id, fields, at);
        otp.killReplaced(existing.id);
      }).immediate();
      if (mail.allowed) sendCode(users.findById(existing.id) as UserRow, locale);
      log.info('pending registration replaced', { user: existing.id, mailed: mail.allowed });
    },

    /** Right code: the account is verified and logged in on a new session (replacing the client's). */
    verifyOtp(email: string, code: string, locale: Locale, client: SignInClient): SignedIn {
      const user = users.findByEmail(email);
      if (!user || user.closed_at !== null || user.email_verified === 1) throw otpInvalid();
      if (otp.consume(user.id, user.password_hash ?? '', code) !== 'ok') {
        log.info('otp rejected', { user: user.id });
        throw otpInvalid();
      }
      users.markVerified(user.id, now());
      return ctx.signIn(user, locale, 'otp', client);
    },

    /** 200 whatever the address; throttled per address (429 with retry_after) the same way for all. */
    resend(email: string, connection: string): void {
      const mail = mayMail(email, connection);
      if (!mail.allowed) {
        throw throttledError(AUTH_MESSAGES.otpThrottled, mail.refusal, mail.windowMs);
      }
      const user = users.findByEmail(email);
      if (!user || user.closed_at !== null || user.email_verified === 1) return;
      // The new code is written (a durable, fsync'd transaction) after the answer has gone out, like
      // the mail: a pending address must not answer more slowly than an unknown one (ASVS 6.3.8).
      mails.afterResponse(() => {
        const fresh = users.findById(user.id);
        if (fresh && fresh.closed_at === null && fresh.email_verified === 0) sendCode(fresh, fresh.locale);
      });
    },

    /** POST /auth/activate/: the link of the verification mail, once. */
    activate(uid: string, token: string, locale: Locale, client: SignInClient): SignedIn {
      const id = decodeUid(uid);
      const user = id === null ? undefined : users.findById(id);
      if (!user || user.closed_at !== null || user.email_verified === 1) throw activationInvalid();
      if (!activationTokens.check(activationState(user, otp.latestId(user.id)), token)) throw activationInvalid();
      users.markVerified(user.id, now());
      otp.killAll(user.id);
      return ctx.signIn(user, locale, 'activation-link', client);
    },
  };
}
