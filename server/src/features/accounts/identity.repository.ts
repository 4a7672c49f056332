import type { Db } from '../../db/database';

/** SQL for user_identities: external sign-in identities keyed by (issuer, subject). */
export function createIdentityRepository(db: Db) {
  const find = db.prepare<[string, string], { user_id: number }>(
    'SELECT user_id FROM user_identities WHERE issuer = ? AND subject = ?',
  );
  const insert = db.prepare<[string, string, number, number]>(
    'INSERT INTO user_identities (issuer, subject, user_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const deleteForUser = db.prepare<[number]>('DELETE FROM user_identities WHERE user_id = ?');

  return {
    findUserId(issuer: string, subject: string): number | undefined {
      return find.get(issuer, subject)?.user_id;
    },
    link(issuer: string, subject: string, userId: number, now: number): void {
      insert.run(issuer, subject, userId, now);
    },
    deleteForUser(userId: number): number {
      return deleteForUser.run(userId).changes;
    },
  };
}
