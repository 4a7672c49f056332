// The device side of POST /api/groups/sync (DESIGN §7): pushes the outbox, applies the server's changes.
import type { GroupChange, GroupSyncResponse } from '@pharmaradar/shared/pro.schema';
import { api, isApiRequestError } from '../../../lib/api/client';
import type { PharmaRadarDb, ProGroupRecord } from '../../../db/db';
import { changesFromOutbox, chunkChanges, planApply } from './sync-merge';

/** proMeta keys: the server sequence the device has seen, and whose data the Pro tables hold. */
export const SYNC_CURSOR_KEY = 'syncSeq';
export const SYNC_OWNER_KEY = 'syncUser';

export type SyncOutcome =
  | { kind: 'synced'; applied: number }
  | { kind: 'offline' }
  | { kind: 'failed'; status: number }
  /** The Pro tables now belong to someone else (a logout wiped them meanwhile): the answer is dropped. */
  | { kind: 'discarded' };

const PRO_TABLES = (db: PharmaRadarDb) => [db.proGroups, db.proMeta, db.proOffers, db.proCatalogue, db.proOutbox];

/**
 * Makes the Pro tables the given user's (true when another account's data was wiped). Data left by another account (a session that expired without
 * a logout on a shared tablet) is wiped first: it must neither show nor sync into this account.
 */
export async function claimProData(db: PharmaRadarDb, userId: number): Promise<boolean> {
  return db.transaction('rw', PRO_TABLES(db), async () => {
    const owner = await db.proMeta.get(SYNC_OWNER_KEY);
    const foreign = owner !== undefined && owner.value !== userId;
    if (foreign) await Promise.all(PRO_TABLES(db).map((t) => t.clear()));
    if (owner?.value !== userId) await db.proMeta.put({ key: SYNC_OWNER_KEY, value: userId, updatedAt: Date.now() });
    return foreign;
  });
}

async function readOutbox(db: PharmaRadarDb) {
  return db.transaction('r', db.proOutbox, db.proGroups, db.proMeta, async () => {
    const outbox = await db.proOutbox.orderBy('seq').toArray();
    const groups = new Map<string, ProGroupRecord>();
    for (const g of await db.proGroups.bulkGet([...new Set(outbox.filter((e) => e.kind === 'group').map((e) => e.id))]))
      if (g) groups.set(g.id, g);
    const settings = await db.proMeta.get('settings');
    const cursor = await db.proMeta.get(SYNC_CURSOR_KEY);
    return {
      batch: changesFromOutbox(outbox, groups, settings),
      since: typeof cursor?.value === 'number' ? cursor.value : 0,
    };
  });
}

/** Applies one answer: the server's changes (last writer wins), the cursor, the outbox entries sent. */
async function applyAnswer(
  db: PharmaRadarDb,
  userId: number,
  answer: GroupSyncResponse,
  sentSeqs: readonly number[],
): Promise<number | null> {
  return db.transaction('rw', db.proGroups, db.proMeta, db.proOutbox, async () => {
    const owner = await db.proMeta.get(SYNC_OWNER_KEY);
    if (owner?.value !== userId) return null;
    const ids = answer.changes.filter((c) => c.kind === 'group').map((c) => c.id);
    const local = new Map<string, ProGroupRecord>();
    for (const g of await db.proGroups.bulkGet(ids)) if (g) local.set(g.id, g);
    const plan = planApply(answer.changes, local, await db.proMeta.get('settings'));
    await db.proGroups.bulkPut(plan.putGroups);
    await db.proGroups.bulkDelete(plan.deleteGroups);
    if (plan.settings) await db.proMeta.put({ key: 'settings', ...plan.settings });
    await db.proMeta.put({ key: SYNC_CURSOR_KEY, value: answer.seq, updatedAt: Date.now() });
    await db.proOutbox.bulkDelete([...sentSeqs]);
    return plan.putGroups.length + plan.deleteGroups.length + (plan.settings ? 1 : 0);
  });
}

async function post(since: number, changes: GroupChange[]): Promise<GroupSyncResponse> {
  return api.post<GroupSyncResponse>('/groups/sync/', { since, changes });
}

/**
 * One full sync of the device: the outbox in requests the server accepts (count and size caps), then
 * whatever the server holds past the device's cursor. Replaying it is harmless: the server stores a
 * change only when it is newer, and the device takes a record only when it is not older than its own.
 */
export async function syncOnce(db: PharmaRadarDb, userId: number): Promise<SyncOutcome> {
  const { batch, since } = await readOutbox(db);
  const chunks = chunkChanges(batch.changes);
  let cursor = since;
  let applied = 0;
  try {
    // Every chunk but the last carries no outbox keys: the entries go once every change is accepted.
    for (let i = 0; i < Math.max(chunks.length, 1); i += 1) {
      const last = i >= chunks.length - 1;
      const answer = await post(cursor, chunks[i] ?? []);
      const count = await applyAnswer(db, userId, answer, last ? batch.entrySeqs : []);
      if (count === null) return { kind: 'discarded' };
      applied += count;
      cursor = answer.seq;
    }
  } catch (error) {
    if (isApiRequestError(error) && (error.code === 'network' || error.code === 'timeout')) return { kind: 'offline' };
    return { kind: 'failed', status: isApiRequestError(error) ? error.status : 0 };
  }
  return { kind: 'synced', applied };
}

export async function pendingChanges(db: PharmaRadarDb): Promise<number> {
  return db.proOutbox.count();
}
