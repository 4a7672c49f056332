import type { Db } from '../../db/database';

export type SyncRecordRow = {
  seq: number;
  kind: 'group' | 'settings';
  record_id: string;
  updated_at: number;
  deleted: 0 | 1;
  data: string | null;
};

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
  const since = db.prepare<[number, number], SyncRecordRow>(
    'SELECT seq, kind, record_id, updated_at, deleted, data FROM pro_sync_records WHERE user_id = ? AND seq > ? ORDER BY seq',
  );
  const maxSeq = db.prepare<[number], { seq: number | null }>(
    'SELECT max(seq) AS seq FROM pro_sync_records WHERE user_id = ?',
  );
  const live = db.prepare<[number], SyncRecordRow>(
    'SELECT seq, kind, record_id, updated_at, deleted, data FROM pro_sync_records WHERE user_id = ? AND deleted = 0 ORDER BY seq',
  );

  return {
    find(userId: number, kind: string, recordId: string): SyncRecordRow | undefined {
      return findOne.get(userId, kind, recordId);
    },
    store(record: NewSyncRecord): void {
      upsert.run({ ...record, deleted: record.deleted ? 1 : 0 });
    },
    changesSince(userId: number, seq: number): SyncRecordRow[] {
      return since.all(userId, seq);
    },
    /** The user's groups and settings as stored now, tombstones left out. */
    liveRecords(userId: number): SyncRecordRow[] {
      return live.all(userId);
    },
    lastSeq(userId: number): number {
      return maxSeq.get(userId)?.seq ?? 0;
    },
    transaction<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
  };
}
export type ProRepository = ReturnType<typeof createProRepository>;
