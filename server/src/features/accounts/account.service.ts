import {
  normalizeEmail,
  REAUTH_MAX_AGE_MS,
  type AccountDeleteInput,
  type UpdateProfileInput,
} from '@pharmaradar/shared/auth.schema';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import { throttledError } from '../../lib/rate-limit';
import { validationError } from '../../lib/validate';
import { ACCOUNT_ISSUES, AUTH_MESSAGES } from './accounts.messages';
import { DELETE_PASSWORD_WINDOW_MS, type AccountsContext } from './accounts.context';
import { verifyPassword } from './password';
import type { UserRow } from './user.repository';
import { writeTransaction } from '../../db/write-transaction';

/** The session a deletion request comes from (the routes read it from the context and the cookie). */
export interface CurrentSession {
  /** When it started, i.e. when its user last authenticated; null when unknown. */
  startedAt: number | null;
  /** Its cookie value, ended with the account. */
  token: string;
}

/** Profile edits and account deletion for the logged-in user. */
export function createAccountService(ctx: AccountsContext) {
  const { users, sessions, identities, otp, mails, limits } = ctx;
  const { db, now, log, purgeAccount, subscriptions } = ctx.deps;

  /**
   * Re-authentication before deletion (docs/security.md#sessions, ASVS 7.5.3): an account with a password must
   * type it again (5 tries per 15 minutes per account); a Google-only account must have signed in
   * with Google within REAUTH_MAX_AGE_MS (its session is that recent), else 403 reauth_required.
   */
  const reauthenticate = async (user: UserRow, password: string | undefined, startedAt: number | null) => {
    if (user.password_hash === null) {
      if (startedAt === null || now() - startedAt > REAUTH_MAX_AGE_MS) {
        throw new HttpError(403, 'reauth_required', AUTH_MESSAGES.reauthRequired);
      }
      return;
    }
    if (!password) {
      throw validationError([{ path: ['password'], message: 'required' }], ACCOUNT_ISSUES);
    }
    const budget = limits.deletePassword.consume(String(user.id));
    if (!budget.allowed) {
      log.warn('account deletion throttled', { user: user.id });
      throw throttledError(COMMON_MESSAGES.rateLimited, budget, DELETE_PASSWORD_WINDOW_MS);
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
     * The typed e-mail must be the account's and the user must re-authenticate. A paid subscription
     * ends at the payment provider first, at once: once the account is purged nobody could cancel it
     * any more, so when the provider fails nothing changes (docs/decisions/130). Then every session
     * ends, the account is closed (no login possible), a confirmation mail goes out (saying the
     * subscription ended), then the personal data is purged (the purge job retries if this fails).
     */
    async delete(user: UserRow, input: AccountDeleteInput, current: CurrentSession): Promise<void> {
      if (normalizeEmail(input.email_confirmation) !== user.email) {
        throw new HttpError(400, 'email_mismatch', AUTH_MESSAGES.emailMismatch, {
          email_confirmation: AUTH_MESSAGES.emailMismatch,
        });
      }
      await reauthenticate(user, input.password, current.startedAt);
      const { cancelled } = await subscriptions.endForDeletion(user.id);
      const recipient = { email: user.email, first_name: user.first_name };
      const closed = writeTransaction(db, () => {
        // Checked again after the slow hash: a concurrent deletion already closed the account.
        if (!users.close(user.id, now())) return false;
        sessions.endAllForUser(user.id);
        identities.deleteForUser(user.id);
        otp.killAll(user.id);
        return true;
      })();
      sessions.end(current.token);
      if (!closed) return;
      mails.accountDeleted(recipient, user.locale, cancelled);
      log.info('account closed', { user: user.id });
      purgeAccount(user.id, log);
    },
  };
}
