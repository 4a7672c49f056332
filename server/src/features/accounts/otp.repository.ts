import type { Db } from '../../db/database';

export interface OtpRow {
  id: number;
  user_id: number;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  dead_at: number | null;
  dead_reason: 'used' | 'replaced' | 'burned' | null;
  /** JSON of a re-registration held with the code (0013); no longer written (0028). */
  registration: string | null;
}

/** SQL for email_otps. Rows hold only HMACs of codes. */
export function createOtpRepository(db: Db) {
  const insert = db.prepare<[number, string, number, number, string | null]>(
    'INSERT INTO email_otps (user_id, code_hash, created_at, expires_at, registration) VALUES (?, ?, ?, ?, ?)',
  );
  const live = db.prepare<[number], OtpRow>(
    'SELECT * FROM email_otps WHERE user_id = ? AND dead_at IS NULL ORDER BY id DESC',
  );
  const idsSince = db.prepare<[number, number], { id: number }>(
    'SELECT id FROM email_otps WHERE user_id = ? AND created_at >= ? ORDER BY id DESC',
  );
  const latest = db.prepare<[number], OtpRow>('SELECT * FROM email_otps WHERE user_id = ? ORDER BY id DESC LIMIT 1');
  const killAll = db.prepare<[number, string, number]>(
    'UPDATE email_otps SET dead_at = ?, dead_reason = ? WHERE user_id = ? AND dead_at IS NULL',
  );
  const kill = db.prepare<[number, string, number]>(
    'UPDATE email_otps SET dead_at = ?, dead_reason = ? WHERE id = ? AND dead_at IS NULL',
  );
  const addAttempt = db.prepare<[number], { attempts: number }>(
    'UPDATE email_otps SET attempts = attempts + 1 WHERE id = ? RETURNING attempts',
  );
  const prune = db.prepare<[number]>('DELETE FROM email_otps WHERE created_at < ?');

  return {
    insert(userId: number, codeHash: string, now: number, expiresAt: number, registration: string | null): number {
      return Number(insert.run(userId, codeHash, now, expiresAt, registration).lastInsertRowid);
    },
    /** Every code of the account not yet used, replaced or burned, newest first. */
    live(userId: number): OtpRow[] {
      return live.all(userId);
    },
    idsSince(userId: number, since: number): number[] {
      return idsSince.all(userId, since).map((row) => row.id);
    },
    latest(userId: number): OtpRow | undefined {
      return latest.get(userId);
    },
    killAllForUser(userId: number, reason: 'used' | 'replaced' | 'burned', now: number): void {
      killAll.run(now, reason, userId);
    },
    kill(id: number, reason: 'used' | 'replaced' | 'burned', now: number): boolean {
      return kill.run(now, reason, id).changes === 1;
    },
    addAttempt(id: number): number {
      return addAttempt.get(id)?.attempts ?? 0;
    },
    pruneCreatedBefore(cutoff: number): number {
      return prune.run(cutoff).changes;
    },
  };
}
