import type { Locale } from '@pharmaradar/shared/locales';
import type { UserRow } from './user.repository';
import type { VerificationNotice } from './accounts.mail-texts';
import { ACTIVATION_LINK_TTL_MS, activationState, type AccountsContext } from './accounts.context';
import { OTP_TTL_MS } from './otp.service';
import { encodeUid } from './signed-token';

/**
 * Verification codes by mail, shared by registration (register, resend) and login (a pending account
 * signed in with its right password gets a fresh code instead of a different answer, docs/decisions/126).
 */
export function createVerificationMailer(ctx: AccountsContext) {
  const { otp, mails, limits, activationTokens } = ctx;

  return {
    /**
     * Both must agree before a code mail goes out: the address's pace, whoever asks (one a minute, one
     * every ten minutes past five an hour), and five an hour per (address, connection). Neither blocks
     * an address for long, so a stranger asking for codes cannot keep the owner from one (docs/decisions/101).
     */
    mayMail(email: string, connection: string) {
      const pace = limits.codePace.check(email);
      if (!pace.allowed) {
        const refusal = { allowed: false, limit: 1, remaining: 0, resetSeconds: pace.retryAfterSeconds };
        return { allowed: false, refusal, windowMs: pace.gapMs };
      }
      // Refusals by the pace do not eat into the connection's hourly allowance.
      const hour = limits.codeHour.consume(`${email}\u0000${connection}`);
      if (hour.allowed) limits.codePace.record(email);
      return { allowed: hour.allowed, refusal: hour, windowMs: 3_600_000 };
    },

    /**
     * A new code (earlier ones stay live) and a mail with the code and the activation link bound to
     * it. Either proves the mailbox; what it activates is decided when it is used (docs/decisions/185).
     */
    sendCode(user: UserRow, locale: Locale, options: { notice?: VerificationNotice } = {}) {
      const code = otp.issue(user.id);
      const token = activationTokens.make(activationState(user, otp.latestId(user.id)));
      mails.verification(
        user,
        locale,
        code,
        `/activate/${encodeUid(user.id)}/${token}`,
        OTP_TTL_MS / 60_000,
        ACTIVATION_LINK_TTL_MS / 3_600_000,
        options.notice,
      );
    },
  };
}
