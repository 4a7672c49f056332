import type { Locale } from '@pharmaradar/shared/locales';
import type { RegisterInput } from '@pharmaradar/shared/auth.schema';
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
const passwordRequired = () =>
  new HttpError(400, 'password_required', AUTH_MESSAGES.passwordRequired, { password: AUTH_MESSAGES.passwordRequired });

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** How a code or link is used: the password typed with it (if any) and the browser's registration token. */
export interface MailboxProof {
  password?: string | undefined;
  registrationToken: string;
}

/**
 * Registration, e-mail verification by code or link, and code resending (docs/decisions/185). The rule:
 * a password becomes active only when the mailbox holder chose it. A code or link proves the mailbox;
 * used in the browser that registered the address it activates that browser's registration, anywhere
 * else the password typed with it. Nothing anyone does kills a mailed code or link before it is used
 * or expires.
 */
export function createRegistrationService(ctx: AccountsContext) {
  const { users, otp, mails, limits, activationTokens, browserRegistrations } = ctx;
  const { db, now, log } = ctx.deps;
  const { mayMail, sendCode } = createVerificationMailer(ctx);

  /** The mailbox is proven: `registration` becomes the account's, which is verified; its login delays go. */
  const completeVerification = (user: UserRow, registration: HeldRegistration): UserRow => {
    const at = now();
    writeTransaction(db, () => {
      users.replacePendingRegistration(user.id, registration, at);
      users.markVerified(user.id, at);
    })();
    otp.killAll(user.id);
    limits.login.clear(user.email);
    return users.findById(user.id) as UserRow;
  };

  /**
   * What a proven mailbox activates: this browser's registration of the address, else the password
   * typed with the code (on the account row's profile). Null: neither, the password must be asked for.
   */
  const chosenRegistration = async (user: UserRow, proof: MailboxProof): Promise<HeldRegistration | null> => {
    // The typed password is the mailbox holder's choice; the row's profile is whoever registered first's.
    const own = browserRegistrations.find(user.id, proof.registrationToken);
    if (own) return own;
    if (proof.password === undefined) return null;
    if (isCommonPassword(proof.password)) throw passwordCommonError('password');
    return {
      passwordHash: await hashPassword(proof.password),
      firstName: user.first_name,
      lastName: user.last_name,
      isPharmacist: user.is_pharmacist === null ? null : user.is_pharmacist === 1,
      locale: user.locale,
      termsAcceptedAt: user.terms_accepted_at,
    };
  };

  /** The pending account an address names, or undefined (unknown, closed, already verified). */
  const pendingByEmail = (email: string): UserRow | undefined => {
    const user = users.findByEmail(email);
    return user && user.closed_at === null && user.email_verified === 0 ? user : undefined;
  };

  /** The work of a registration that must not show in the answer time (see register). */
  const hold = (input: RegisterInput, passwordHash: string, locale: Locale, connection: string, token: string) => {
    const at = now();
    const fields: HeldRegistration = {
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      isPharmacist: input.is_pharmacist,
      locale,
      termsAcceptedAt: at,
    };
    let existing = users.findByEmail(input.email);
    if (!existing) {
      let id: number | null = null;
      try {
        id = users.insert({ ...fields, email: input.email, emailVerified: false }, at);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      if (id !== null) {
        browserRegistrations.hold(id, token, fields);
        // A brand-new address always gets its code; the pace counts it.
        mayMail(input.email, connection);
        sendCode(users.findById(id) as UserRow, locale);
        log.info('account registered', { user: id });
        return;
      }
      // A concurrent registration of the same address won: this one is a re-registration.
      existing = users.findByEmail(input.email);
      if (!existing) return;
    }
    if (existing.closed_at !== null) return;
    const mail = mayMail(input.email, connection);
    if (existing.email_verified === 1) {
      if (mail.allowed) mails.registerAttempt(existing, existing.locale);
      log.info('registration attempt on a verified address', { user: existing.id });
      return;
    }
    // The account row is not touched and no code dies: what a code activates is decided when it is
    // used, by the browser it is used in or the password typed with it.
    browserRegistrations.hold(existing.id, token, fields);
    if (mail.allowed) sendCode(existing, locale, { notice: 'reRegistration' });
    log.info('pending registration held', { user: existing.id, mailed: mail.allowed });
  };

  return {
    /**
     * Same 201 answer, in the same time, whatever the address: only the password is hashed before it,
     * and the answer waits for a fixed floor (REGISTER_ANSWER_MS) that covers the hashing's jitter;
     * the rest (account row, this browser's registration, the code or warning mail) happens after the
     * answer. A new address gets its code; a pending one keeps its account row and every live code,
     * and this browser's registration is kept for when a code is used here. Returns the browser's
     * registration token, set as a cookie for every address alike.
     */
    async register(input: RegisterInput, locale: Locale, connection: string, carriedToken: string): Promise<string> {
      const answerAt = performance.now() + ctx.deps.env.REGISTER_ANSWER_MS;
      if (isCommonPassword(input.password)) throw passwordCommonError('password');
      const passwordHash = await hashPassword(input.password);
      const token = browserRegistrations.tokenFor(carriedToken);
      // The answer waits for its floor; the writes start right away (a floor, not a delay: an unusually
      // slow hash answers when it is done).
      mails.afterResponse(() => hold(input, passwordHash, locale, connection, token));
      const wait = answerAt - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return token;
    },

    /**
     * Right code: the account is verified with the registration the mailbox holder chose, and logged
     * in on a new session. A right code without a registration of this browser nor a password stays
     * live and answers `password_required`.
     */
    async verifyOtp(
      email: string,
      code: string,
      proof: MailboxProof,
      locale: Locale,
      client: SignInClient,
    ): Promise<SignedIn> {
      const user = pendingByEmail(email);
      if (!user) throw otpInvalid();
      // Checked first without spending it: a wrong code costs no password hashing, and a right one
      // without a password stays live for the try that brings it.
      if (!otp.check(user.id, code, false)) {
        log.info('otp rejected', { user: user.id });
        throw otpInvalid();
      }
      const registration = await chosenRegistration(user, proof);
      if (!registration) throw passwordRequired();
      // Spent now; refused if another request spent it meanwhile.
      if (!otp.check(user.id, code, true)) throw otpInvalid();
      return ctx.signIn(completeVerification(user, registration), locale, 'otp', client);
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

    /**
     * POST /auth/activate/: the link of any verification mail of the last day, once; it activates
     * what a code would (this browser's registration, or the password sent with it).
     */
    async activate(uid: string, token: string, proof: MailboxProof, locale: Locale, client: SignInClient) {
      const id = decodeUid(uid);
      const user = id === null ? undefined : users.findById(id);
      if (!user || user.closed_at !== null || user.email_verified === 1) throw activationInvalid();
      const mailed = otp.idsSince(user.id, now() - ACTIVATION_LINK_TTL_MS);
      if (!mailed.some((otpId) => activationTokens.check(activationState(user, otpId), token))) {
        throw activationInvalid();
      }
      const registration = await chosenRegistration(user, proof);
      if (!registration) throw passwordRequired();
      return ctx.signIn(completeVerification(user, registration), locale, 'activation-link', client);
    },
  };
}
