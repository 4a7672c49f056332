import type { Locale } from '@pharmaradar/shared/locales';
import type { Db } from '../../db/database';

type Flag = 0 | 1;

/** One row of `users` (sqlite/migrations/0003_accounts.sql), column names as in SQL. */
export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  is_pharmacist: Flag | null;
  email_verified: Flag;
  is_active: Flag;
  is_staff: Flag;
  is_superuser: Flag;
  locale: Locale;
  terms_accepted_at: number | null;
  date_joined: number;
  last_login: number | null;
  updated_at: number;
  closed_at: number | null;
  subscription_status: string;
  trial_ends_at: number | null;
  pro_until: number | null;
  search_quota: number | null;
  search_used: number;
  // 0004_billing.sql
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_price_id: string | null;
  subscription_period_end: number | null;
  plan_grant: 'pro' | 'ultra' | null;
  search_used_month: string | null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  isPharmacist: boolean | null;
  emailVerified: boolean;
  locale: Locale;
  termsAcceptedAt: number | null;
}

export interface ProfilePatch {
  first_name?: string;
  last_name?: string;
  is_pharmacist?: boolean;
}

const flag = (value: boolean): Flag => (value ? 1 : 0);

/** SQL for `users`. Every write stamps updated_at. */
export function createUserRepository(db: Db) {
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  const insert = db.prepare(
    // The id is above every id ever used, deleted ones included (0006_account_security.sql).
    `INSERT INTO users (id, email, password_hash, first_name, last_name, is_pharmacist, email_verified, is_active,
       locale, terms_accepted_at, date_joined, updated_at)
     VALUES (max(coalesce((SELECT max(id) FROM users), 0), (SELECT max_id FROM user_id_high_water)) + 1,
       @email, @passwordHash, @firstName, @lastName, @isPharmacist, @verified, @verified,
       @locale, @termsAcceptedAt, @now, @now)`,
  );
  const replacePending = db.prepare(
    `UPDATE users SET password_hash = @passwordHash, first_name = @firstName, last_name = @lastName,
       is_pharmacist = @isPharmacist, locale = @locale, terms_accepted_at = @termsAcceptedAt, updated_at = @now
     WHERE id = @id AND email_verified = 0 AND closed_at IS NULL`,
  );
  const markVerified = db.prepare<[number, number]>(
    'UPDATE users SET email_verified = 1, is_active = 1, updated_at = ? WHERE id = ?',
  );
  const recordLogin = db.prepare<[number, string, number, number]>(
    'UPDATE users SET last_login = ?, locale = ?, updated_at = ? WHERE id = ?',
  );
  const setPassword = db.prepare<[string | null, number, number]>(
    // A reset link reached the mailbox: that proves the address, so the account is verified too.
    'UPDATE users SET password_hash = ?, email_verified = 1, is_active = 1, updated_at = ? WHERE id = ?',
  );
  const close = db.prepare<[number, number, number]>(
    'UPDATE users SET closed_at = ?, is_active = 0, updated_at = ? WHERE id = ? AND closed_at IS NULL',
  );
  const closedBefore = db.prepare<[number], { id: number }>(
    'SELECT id FROM users WHERE closed_at IS NOT NULL AND closed_at <= ? ORDER BY id',
  );
  const deleteById = db.prepare<[number]>('DELETE FROM users WHERE id = ?');

  return {
    findById(id: number): UserRow | undefined {
      return byId.get(id);
    },
    findByEmail(email: string): UserRow | undefined {
      return byEmail.get(email);
    },
    insert(user: NewUser, now: number): number {
      const result = insert.run({
        email: user.email,
        passwordHash: user.passwordHash,
        firstName: user.firstName,
        lastName: user.lastName,
        isPharmacist: user.isPharmacist === null ? null : flag(user.isPharmacist),
        verified: flag(user.emailVerified),
        locale: user.locale,
        termsAcceptedAt: user.termsAcceptedAt,
        now,
      });
      return Number(result.lastInsertRowid);
    },
    /** A new registration for a still-unverified address replaces the pending one (latest wins). */
    replacePendingRegistration(id: number, user: Omit<NewUser, 'email' | 'emailVerified'>, now: number): boolean {
      const result = replacePending.run({
        id,
        passwordHash: user.passwordHash,
        firstName: user.firstName,
        lastName: user.lastName,
        isPharmacist: user.isPharmacist === null ? null : flag(user.isPharmacist),
        locale: user.locale,
        termsAcceptedAt: user.termsAcceptedAt,
        now,
      });
      return result.changes === 1;
    },
    markVerified(id: number, now: number): void {
      markVerified.run(now, id);
    },
    recordLogin(id: number, locale: Locale, now: number): void {
      recordLogin.run(now, locale, now, id);
    },
    setPassword(id: number, passwordHash: string | null, now: number): void {
      setPassword.run(passwordHash, now, id);
    },
    updateProfile(id: number, patch: ProfilePatch, now: number): void {
      const sets: string[] = [];
      const values: Record<string, unknown> = { id, now };
      if (patch.first_name !== undefined) {
        sets.push('first_name = @first_name');
        values.first_name = patch.first_name;
      }
      if (patch.last_name !== undefined) {
        sets.push('last_name = @last_name');
        values.last_name = patch.last_name;
      }
      if (patch.is_pharmacist !== undefined) {
        sets.push('is_pharmacist = @is_pharmacist');
        values.is_pharmacist = flag(patch.is_pharmacist);
      }
      if (sets.length === 0) return;
      db.prepare(`UPDATE users SET ${sets.join(', ')}, updated_at = @now WHERE id = @id`).run(values);
    },
    /** Marks the account closed; returns false when it already was. */
    close(id: number, now: number): boolean {
      return close.run(now, now, id).changes === 1;
    },
    closedIdsBefore(cutoff: number): number[] {
      return closedBefore.all(cutoff).map((row) => row.id);
    },
    deleteById(id: number): boolean {
      return deleteById.run(id).changes === 1;
    },
  };
}
