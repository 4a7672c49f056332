import type { Context } from 'hono';
import { normalizeEmail, type UpdateProfileInput } from '@pharmaradar/shared';
import { HttpError } from '../../lib/http-error';
import { AUTH_MESSAGES } from '../auth/auth.messages';
import type { AuthContext } from '../auth/auth.context';
import { purgeAccount } from '../../jobs/purge.job';
import type { UserRow } from './user.repository';

/** Profile edits and account deletion for the logged-in user. */
export function createAccountService(ctx: AuthContext) {
  const { users, sessions, identities, otp, mails } = ctx;
  const { db, now, log } = ctx.deps;

  return {
    /** Names and the pharmacist answer; the e-mail address cannot be changed here. */
    updateProfile(user: UserRow, patch: UpdateProfileInput): UserRow {
      users.updateProfile(user.id, patch, now());
      return users.findById(user.id) as UserRow;
    },

    /**
     * The typed e-mail must be the account's. Every session ends at once, the account is closed (no
     * login possible), a confirmation mail goes out, then the personal data is purged (the purge job
     * retries if this last step fails).
     */
    delete(c: Context, user: UserRow, emailConfirmation: string): void {
      if (normalizeEmail(emailConfirmation) !== user.email) {
        throw new HttpError(400, 'email_mismatch', AUTH_MESSAGES.emailMismatch, {
          email_confirmation: AUTH_MESSAGES.emailMismatch,
        });
      }
      const recipient = { email: user.email, first_name: user.first_name };
      db.transaction(() => {
        users.close(user.id, now());
        sessions.endAllForUser(user.id);
        identities.deleteForUser(user.id);
        otp.killAll(user.id);
      }).immediate();
      sessions.end(c);
      mails.accountDeleted(recipient, user.locale);
      log.info('account closed', { user: user.id });
      purgeAccount({ db, log }, user.id);
    },
  };
}
