import type { Locale } from '@pharmaradar/shared/locales';
import type { RegisterInput } from '@pharmaradar/shared/auth.schema';
import { HttpError } from '../../lib/http-error';
import { throttledError } from '../../lib/rate-limit';
import type { UserRow } from './user.repository';
import { AUTH_MESSAGES } from './accounts.messages';
import { activationState, type AccountsContext, type SignedIn, type SignInClient } from './accounts.context';
import type { HeldRegistration } from './otp.service';
import { hashPassword, isCommonPassword } from './password';
import { decodeUid } from './signed-token';
import { createVerificationMailer } from './verification-mailer';
import { writeTransaction } from '../../db/write-transaction';

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
  const { mayMail, sendCode } = createVerificationMailer(ctx);

  /**
   * The mailbox is proven (code or link): a held re-registration the code was mailed for becomes the
   * account's, the account is verified, and the login delays of the address go, as after a reset.
   */
  const completeVerification = (user: UserRow, held: HeldRegistration | null): UserRow => {
    const at = now();
    writeTransaction(db, () => {
      if (held) users.replacePendingRegistration(user.id, held, at);
      users.markVerified(user.id, at);
    })();
    limits.login.clear(user.email);
    return users.findById(user.id) as UserRow;
  };

  return {
    /**
     * Same 201 answer whatever the address: a new account gets its code; a verified one only gets a
     * warning mail. A pending one keeps its password: the new registration is held with its own code,
     * and only that code (or its link) makes it the account's (docs/decisions/125).
     */
    async register(input: RegisterInput, locale: Locale, connection: string): Promise<void> {
      if (isCommonPassword(input.password)) throw passwordCommonError('password');
      // Hash first in every case so the answer takes as long for an existing address as for a new one.
      const passwordHash = await hashPassword(input.password);
      const at = now();
      const fields: HeldRegistration = {
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
      // The account row is not touched: a password nobody proved never becomes the one a resend
      // activates (issue 17.2). Every earlier code and link dies now, mailed or not (issue 8.2).
      if (mail.allowed) sendCode(existing, locale, { held: fields, notice: 'reRegistration' });
      else otp.killReplaced(existing.id);
      log.info('pending registration held', { user: existing.id, mailed: mail.allowed });
    },

    /** Right code: the account is verified and logged in on a new session (replacing the client's). */
    verifyOtp(email: string, code: string, locale: Locale, client: SignInClient): SignedIn {
      const user = users.findByEmail(email);
      if (!user || user.closed_at !== null || user.email_verified === 1) throw otpInvalid();
      const check = otp.consume(user.id, user.password_hash ?? '', code);
      if (!check.ok) {
        log.info('otp rejected', { user: user.id });
        throw otpInvalid();
      }
      return ctx.signIn(completeVerification(user, check.held), locale, 'otp', client);
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
      // It activates the account row as it stands, never a held re-registration.
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
      // The link belongs to the latest code's mail: it activates what that code would have.
      const verified = completeVerification(user, otp.latestHeld(user.id));
      otp.killAll(user.id);
      return ctx.signIn(verified, locale, 'activation-link', client);
    },
  };
}
