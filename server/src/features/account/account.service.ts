import type { Context } from 'hono';
import {
  normalizeEmail,
  REAUTH_MAX_AGE_MS,
  type AccountDeleteInput,
  type UpdateProfileInput,
} from '@pharmaradar/shared';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import { AUTH_MESSAGES, FIELD_MESSAGES } from '../auth/auth.messages';
import { DELETE_PASSWORD_WINDOW_MS, type AuthContext } from '../auth/auth.context';
import { verifyPassword } from '../auth/password';
import { ThrottledError } from '../auth/throttle';
import { purgeAccount } from '../../jobs/purge.job';
import type { UserRow } from './user.repository';

/** Profile edits and account deletion for the logged-in user. */
export function createAccountService(ctx: AuthContext) {
  const { users, sessions, identities, otp, mails, limits } = ctx;
  const { db, now, log } = ctx.deps;

  /**
   * Re-authentication before deletion (SECURITY §1.2, ASVS 7.5.3): an account with a password must
   * type it again (5 tries per 15 minutes per account); a Google-only account must have signed in
   * with Google within REAUTH_MAX_AGE_MS (its session is that recent), else 403 reauth_required.
   */
  const reauthenticate = async (c: Context, user: UserRow, password: string | undefined) => {
    if (user.password_hash === null) {
      const startedAt = c.get('sessionStartedAt');
      if (startedAt === null || now() - startedAt > REAUTH_MAX_AGE_MS) {
        throw new HttpError(403, 'reauth_required', AUTH_MESSAGES.reauthRequired);
      }
      return;
    }
    if (!password) {
      throw new HttpError(400, 'validation', AUTH_MESSAGES.requiredFields, { password: FIELD_MESSAGES.required });
    }
    const budget = limits.deletePassword.consume(String(user.id));
    if (!budget.allowed) {
      log.warn('account deletion throttled', { user: user.id });
      throw new ThrottledError(COMMON_MESSAGES.rateLimited, budget, DELETE_PASSWORD_WINDOW_MS);
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      log.info('account deletion: wrong password', { user: user.id });
      throw new HttpError(400, 'incorrect_password', AUTH_MESSAGES.incorrectPassword, {
        password: AUTH_MESSAGES.incorrectPassword,
      });
    }
  };

  return {
    /** Names and the pharmacist answer; the e-mail address cannot be changed here. */
    updateProfile(user: UserRow, patch: UpdateProfileInput): UserRow {
      users.updateProfile(user.id, patch, now());
      return users.findById(user.id) as UserRow;
    },

    /**
     * The typed e-mail must be the account's and the user must re-authenticate. Every session ends
     * at once, the account is closed (no login possible), a confirmation mail goes out, then the
     * personal data is purged (the purge job retries if this last step fails).
     */
    async delete(c: Context, user: UserRow, input: AccountDeleteInput): Promise<void> {
      if (normalizeEmail(input.email_confirmation) !== user.email) {
        throw new HttpError(400, 'email_mismatch', AUTH_MESSAGES.emailMismatch, {
          email_confirmation: AUTH_MESSAGES.emailMismatch,
        });
      }
      await reauthenticate(c, user, input.password);
      const recipient = { email: user.email, first_name: user.first_name };
      const closed = db
        .transaction(() => {
          // Checked again after the slow hash: a concurrent deletion already closed the account.
          if (!users.close(user.id, now())) return false;
          sessions.endAllForUser(user.id);
          identities.deleteForUser(user.id);
          otp.killAll(user.id);
          return true;
        })
        .immediate();
      sessions.end(c);
      if (!closed) return;
      mails.accountDeleted(recipient, user.locale);
      log.info('account closed', { user: user.id });
      purgeAccount({ db, log }, user.id);
    },
  };
}
