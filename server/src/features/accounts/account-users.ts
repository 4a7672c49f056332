import type { Db } from '../../db/database';
import { createUserRepository } from './user.repository';
import { serializeUser, type SearchUsage } from './user.serializer';

/** What the accounts' view of its users reads. */
export interface AccountUsersDeps {
  db: Db;
  /** Clock in epoch milliseconds. */
  now: () => number;
  searchUsed: SearchUsage;
}

/**
 * The accounts' users as other features read them: the user shape (billing's BillingUsers) and mail
 * recipients (alerts' AlertRecipients), both null once the account is closed. It reads the database
 * only, so the composition builds it before billing, which the accounts module itself needs.
 */
export function createAccountUsers(deps: AccountUsersDeps) {
  const users = createUserRepository(deps.db);
  /** An open account's row (a closed one is gone for every other feature). */
  const openAccount = (userId: number) => {
    const row = users.findById(userId);
    return row && row.closed_at === null ? row : null;
  };
  return {
    /** The `user` object of /api/auth/me/ for an id. */
    users: {
      serialize: (userId: number) => {
        const row = openAccount(userId);
        return row ? serializeUser(row, deps.now(), deps.searchUsed) : null;
      },
    },
    /** Where a feature's mail to a user goes. */
    recipients: {
      contactOf: (userId: number) => {
        const row = openAccount(userId);
        return row ? { email: row.email, first_name: row.first_name, locale: row.locale } : null;
      },
    },
  };
}
