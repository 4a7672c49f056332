import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';

export type SyncRecordRow = {
  seq: number;
  kind: 'group' | 'settings';
  record_id: string;
  updated_at: number;
  deleted: 0 | 1;
  data: string | null;
};

export type SyncUsage = { records: number; groups: number; bytes: number };

export type NewSyncRecord = {
  userId: number;
  kind: 'group' | 'settings';
  recordId: string;
  updatedAt: number;
  deleted: boolean;
  data: string | null;
};

export function createProRepository(db: Db) {
  const findOne = db.prepare<[number, string, string], SyncRecordRow>(
    'SELECT seq, kind, record_id, updated_at, deleted, data FROM pro_sync_records WHERE user_id = ? AND kind = ? AND record_id = ?',
  );
  // REPLACE deletes the old row and inserts a new one: the record gets a fresh (AUTOINCREMENT) seq.
  const upsert = db.prepare(
    `INSERT OR REPLACE INTO pro_sync_records (user_id, kind, record_id, updated_at, deleted, data)
     VALUES (@userId, @kind, @recordId, @updatedAt, @deleted, @data)`,
  );
  const since = db.prepare<[number, number, number], SyncRecordRow>(
    'SELECT seq, kind, record_id, updated_at, deleted, data FROM pro_sync_records WHERE user_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  // Bytes of the JSON as stored (a BLOB's length counts bytes, a TEXT's counts characters).
  const totals = db.prepare<[number], SyncUsage>(
    `SELECT count(*) AS records,
            coalesce(sum(kind = 'group' AND deleted = 0), 0) AS groups,
            coalesce(sum(length(CAST(data AS BLOB))), 0) AS bytes
     FROM pro_sync_records WHERE user_id = ?`,
  );
  const maxSeq = db.prepare<[number], { seq: number | null }>(
    'SELECT max(seq) AS seq FROM pro_sync_records WHERE user_id = ?',
  );
  const live = db.prepare<[number, number, number], SyncRecordRow>(
    'SELECT seq, kind, record_id, updated_at, deleted, data FROM pro_sync_records WHERE user_id = ? AND deleted = 0 AND seq > ? ORDER BY seq LIMIT ?',
  );

  return {
    find(userId: number, kind: string, recordId: string): SyncRecordRow | undefined {
      return findOne.get(userId, kind, recordId);
    },
    store(record: NewSyncRecord): void {
      upsert.run({ ...record, deleted: record.deleted ? 1 : 0 });
    },
    /** At most `limit` stored changes after `seq`, in sequence order. */
    changesSince(userId: number, seq: number, limit: number): SyncRecordRow[] {
      return since.all(userId, seq, limit);
    },
    /** The user's groups and settings as stored now, tombstones left out, `limit` at a time after `seq`. */
    liveRecords(userId: number, seq: number, limit: number): SyncRecordRow[] {
      return live.all(userId, seq, limit);
    },
    /** What the user holds on the server, against the caps of docs/decisions/131. */
    syncUsage(userId: number): SyncUsage {
      return totals.get(userId) ?? { records: 0, groups: 0, bytes: 0 };
    },
    lastSeq(userId: number): number {
      return maxSeq.get(userId)?.seq ?? 0;
    },
    /** Runs `fn` in one transaction that holds the write lock from its start (ADR 187). */
    writeTransaction<T>(fn: () => T): T {
      return writeTransaction(db, fn)();
    },
  };
}
export type ProRepository = ReturnType<typeof createProRepository>;
