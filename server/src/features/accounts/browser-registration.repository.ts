import type { Db } from '../../db/database';

/** SQL for browser_registrations (0028): rows hold only an HMAC of the browser's token. */
export function createBrowserRegistrationRepository(db: Db) {
  const insert = db.prepare<[number, string, string, number]>(
    'INSERT INTO browser_registrations (user_id, token_hash, registration, created_at) VALUES (?, ?, ?, ?)',
  );
  const find = db.prepare<[number, string, number], { registration: string }>(
    `SELECT registration FROM browser_registrations WHERE user_id = ? AND token_hash = ? AND created_at > ?
     ORDER BY id DESC LIMIT 1`,
  );
  const prune = db.prepare<[number]>('DELETE FROM browser_registrations WHERE created_at < ?');

  return {
    insert(userId: number, tokenHash: string, registration: string, now: number): void {
      insert.run(userId, tokenHash, registration, now);
    },
    /** The latest registration JSON this browser's token holds for the account, if made after `since`. */
    find(userId: number, tokenHash: string, since: number): string | undefined {
      return find.get(userId, tokenHash, since)?.registration;
    },
    pruneCreatedBefore(cutoff: number): number {
      return prune.run(cutoff).changes;
    },
  };
}
