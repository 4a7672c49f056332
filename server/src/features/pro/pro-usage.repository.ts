import type { Db } from '../../db/database';

/** The monthly Pro allowance's count (pro_usage): reserved before a batch is priced, settled after it (ADR 127). */
export function createProUsageRepository(db: Db) {
  const read = db.prepare<[number, string], { used: number }>(
    'SELECT used FROM pro_usage WHERE user_id = ? AND month = ?',
  );
  // One statement creates or grows the row only while the sum stays within the allowance: two batches
  // arriving together can never both take the last CNKs, whichever process or connection runs them.
  // (The SELECT needs its WHERE for SQLite to parse the upsert clause after it.)
  const reserve = db.prepare<{ userId: number; month: string; count: number; quota: number }>(
    `INSERT INTO pro_usage (user_id, month, used) SELECT @userId, @month, @count WHERE @count <= @quota
     ON CONFLICT (user_id, month) DO UPDATE SET used = used + excluded.used WHERE used + excluded.used <= @quota`,
  );
  const giveBack = db.prepare<[number, number, string]>(
    'UPDATE pro_usage SET used = max(0, used - ?) WHERE user_id = ? AND month = ?',
  );

  return {
    usage(userId: number, month: string): number {
      return read.get(userId, month)?.used ?? 0;
    },
    /** Takes `count` CNKs of the month's allowance at once; false (nothing taken) when they do not fit. */
    reserve(userId: number, month: string, count: number, quota: number): boolean {
      return reserve.run({ userId, month, count, quota }).changes === 1;
    },
    /** Gives back reserved CNKs that were not priced. */
    giveBack(userId: number, month: string, count: number): void {
      if (count > 0) giveBack.run(count, userId, month);
    },
  };
}
export type ProUsageRepository = ReturnType<typeof createProUsageRepository>;
