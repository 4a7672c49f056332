import type { Locale } from '@pharmaradar/shared/locales';
import { HttpError } from '../../lib/http-error';
import { AUTH_MESSAGES } from './accounts.messages';
import { RESET_LINK_TTL_MS, resetState, type AccountsContext } from './accounts.context';
import { hashPassword, isCommonPassword } from './password';
import { passwordCommonError } from './registration.service';
import { decodeUid, encodeUid } from './signed-token';
import { writeTransaction } from '../../db/write-transaction';

const resetInvalid = () => new HttpError(400, 'reset_invalid', AUTH_MESSAGES.resetInvalid);

/** Forgotten password: request a link (never revealing the account), then set a new password once. */
export function createPasswordResetService(ctx: AccountsContext) {
  const { db, now, log } = ctx.deps;
  const { users, sessions, mails, limits, resetTokens } = ctx;

  /** The account a reset link opens, or reset_invalid (unknown, closed, used, expired or tampered). */
  const linkOwner = (uid: string, token: string) => {
    const id = decodeUid(uid);
    const user = id === null ? undefined : users.findById(id);
    if (!user || user.closed_at !== null || !resetTokens.check(resetState(user), token)) throw resetInvalid();
    return user;
  };

  return {
    /**
     * Same answer, headers and work for every address: the token is computed either way and the mail
     * is sent in the background. At most three mails per address per hour.
     */
    request(email: string, locale: Locale): void {
      const user = users.findByEmail(email);
      const allowed = limits.reset.consume(email).allowed;
      const token = resetTokens.make(user ? resetState(user) : `unknown\u0000${email}`);
      if (!user || user.closed_at !== null || !allowed) return;
      mails.passwordReset(
        user,
        locale,
        `/reset-password/${encodeUid(user.id)}/${token}`,
        RESET_LINK_TTL_MS / 3_600_000,
      );
      log.info('password reset requested', { user: user.id });
    },

    /** Whether a link would still be accepted by confirm(), spending nothing (the page checks on load). */
    check(uid: string, token: string): void {
      linkOwner(uid, token);
    },

    /** Sets the password, ends every session of the account and mails a notice. */
    async confirm(uid: string, token: string, newPassword: string, locale: Locale): Promise<void> {
      const user = linkOwner(uid, token);
      if (isCommonPassword(newPassword)) throw passwordCommonError('new_password');
      const passwordHash = await hashPassword(newPassword);
      const ended = writeTransaction(db, () => {
        // Checked again after the slow hash: two concurrent uses of one link, only one wins.
        const fresh = users.findById(user.id);
        if (!fresh || fresh.closed_at !== null || !resetTokens.check(resetState(fresh), token)) throw resetInvalid();
        users.setPassword(user.id, passwordHash, now());
        return sessions.endAllForUser(user.id);
      })();
      // The owner proved the mailbox: the delays guessers caused on this account go (ADR 024).
      limits.login.clear(user.email);
      mails.passwordChanged(user, locale);
      log.info('password reset completed', { user: user.id, sessionsEnded: ended });
    },
  };
}
