import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';

/**
 * The monthly Pro allowance (pro_usage, pro_usage_cnks): each CNK is charged once per user and month
 * (ADR 147), reserved before a batch is priced and given back when it was not (ADR 127).
 */
export function createProUsageRepository(db: Db) {
  const read = db.prepare<[number, string], { used: number }>(
    'SELECT used FROM pro_usage WHERE user_id = ? AND month = ?',
  );
  const charged = db.prepare<[number, string, string], { cnk: string }>(
    `SELECT cnk FROM pro_usage_cnks WHERE user_id = ? AND month = ? AND cnk IN (SELECT value FROM json_each(?))`,
  );
  // Creates or grows the row only while the sum stays within the allowance. (The SELECT needs its
  // WHERE for SQLite to parse the upsert clause after it.)
  const grow = db.prepare<{ userId: number; month: string; count: number; quota: number }>(
    `INSERT INTO pro_usage (user_id, month, used) SELECT @userId, @month, @count WHERE @count <= @quota
     ON CONFLICT (user_id, month) DO UPDATE SET used = used + excluded.used WHERE used + excluded.used <= @quota`,
  );
  const remember = db.prepare<[number, string, string]>(
    'INSERT INTO pro_usage_cnks (user_id, month, cnk) SELECT ?, ?, value FROM json_each(?)',
  );
  const forget = db.prepare<[number, string, string]>(
    'DELETE FROM pro_usage_cnks WHERE user_id = ? AND month = ? AND cnk IN (SELECT value FROM json_each(?))',
  );
  const shrink = db.prepare<[number, number, string]>(
    'UPDATE pro_usage SET used = max(0, used - ?) WHERE user_id = ? AND month = ?',
  );

  const chargedOf = (userId: number, month: string, cnks: readonly string[]) =>
    new Set(charged.all(userId, month, JSON.stringify(cnks)).map((r) => r.cnk));

  // IMMEDIATE: the write lock is taken before the CNKs already charged are read, so two batches
  // sharing CNKs, in this process or another, charge each of them once.
  const reserveNew = writeTransaction(
    db,
    (userId: number, month: string, cnks: readonly string[], quota: number): string[] | null => {
      const known = chargedOf(userId, month, cnks);
      const fresh = [...new Set(cnks)].filter((cnk) => !known.has(cnk));
      if (fresh.length === 0) return [];
      if (grow.run({ userId, month, count: fresh.length, quota }).changes !== 1) return null;
      remember.run(userId, month, JSON.stringify(fresh));
      return fresh;
    },
  );
  const giveBackCnks = writeTransaction(db, (userId: number, month: string, cnks: readonly string[]) => {
    const removed = forget.run(userId, month, JSON.stringify(cnks)).changes;
    if (removed > 0) shrink.run(removed, userId, month);
  });

  return {
    usage(userId: number, month: string): number {
      return read.get(userId, month)?.used ?? 0;
    },
    /** Which of `cnks` the user has already been charged for in `month` (they cost nothing again). */
    charged(userId: number, month: string, cnks: readonly string[]): Set<string> {
      return chargedOf(userId, month, cnks);
    },
    /**
     * Charges the CNKs of `cnks` not yet charged this month, all at once: the ones charged now, or null
     * (nothing taken) when they do not all fit in the allowance.
     */
    reserve(userId: number, month: string, cnks: readonly string[], quota: number): string[] | null {
      return reserveNew(userId, month, cnks, quota);
    },
    /** Gives back CNKs charged by a batch that did not price them: they are new again this month. */
    giveBack(userId: number, month: string, cnks: readonly string[]): void {
      if (cnks.length > 0) giveBackCnks(userId, month, cnks);
    },
  };
}
export type ProUsageRepository = ReturnType<typeof createProUsageRepository>;
