// The device side of POST /api/groups/sync (DESIGN §7): pushes the outbox, applies the server's changes.
import type { GroupChange, GroupSyncResponse, NotApplied } from '@pharmaradar/shared/pro.schema';
import { sameContent } from '@pharmaradar/shared/group-merge';
import { api, isApiRequestError } from '../../../lib/api/client';
import type { PharmaRadarDb, ProGroupRecord } from '../../../db/db';
import { changesFromOutbox, chunkChanges, planApply, type Pending } from './sync-merge';

/** proMeta keys: the server sequence the device has seen, and whose data the Pro tables hold. */
export const SYNC_CURSOR_KEY = 'syncSeq';
export const SYNC_OWNER_KEY = 'syncUser';

/** A change of this device that did not make it (docs/decisions/132): the device says which. */
export interface LostChange {
  name: string;
  reason: NotApplied['reason'];
}

export type SyncOutcome =
  | { kind: 'synced'; applied: number; lost: LostChange[] }
  | { kind: 'offline' }
  /** The server refused the changes: the account's group storage is full (docs/decisions/131). */
  | { kind: 'full' }
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

/**
 * Applies one answer: the server's changes (rebasing the edits still to send), the cursor, the outbox
 * entries sent. Returns how many records changed and which of this device's changes lost, by name.
 */
async function applyAnswer(
  db: PharmaRadarDb,
  userId: number,
  answer: GroupSyncResponse,
  sentSeqs: readonly number[],
): Promise<{ applied: number; lost: LostChange[] } | null> {
  return db.transaction('rw', db.proGroups, db.proMeta, db.proOutbox, async () => {
    const owner = await db.proMeta.get(SYNC_OWNER_KEY);
    if (owner?.value !== userId) return null;
    const notApplied = answer.notApplied ?? [];
    const ids = [...answer.changes.filter((c) => c.kind === 'group').map((c) => c.id), ...notApplied.map((n) => n.id)];
    const local = new Map<string, ProGroupRecord>();
    for (const g of await db.proGroups.bulkGet(ids)) if (g) local.set(g.id, g);
    // A change the server refused is not pending any more: the server's version is taken as it is.
    const refused = new Set(notApplied.map((n) => n.id));
    const outbox = await db.proOutbox.toArray();
    const pending: Pending = {
      groups: new Set(outbox.filter((e) => e.kind === 'group' && !refused.has(e.id)).map((e) => e.id)),
      settings: outbox.some((e) => e.kind === 'settings'),
    };
    const plan = planApply(answer.changes, local, await db.proMeta.get('settings'), pending);
    await db.proGroups.bulkPut(plan.putGroups);
    await db.proGroups.bulkDelete(plan.deleteGroups);
    if (plan.settings) await db.proMeta.put({ key: 'settings', ...plan.settings });
    await db.proMeta.put({ key: SYNC_CURSOR_KEY, value: answer.seq, updatedAt: Date.now() });
    await db.proOutbox.bulkDelete([...sentSeqs]);
    const lost: LostChange[] = [
      ...notApplied.flatMap((n) => {
        const name = local.get(n.id)?.name;
        return name === undefined ? [] : [{ name, reason: n.reason }];
      }),
      ...plan.discarded.map((g) => ({ name: g.name, reason: 'deleted' as const })),
    ];
    // A put that only records the new base (this device's own change coming back) shows nothing new.
    const shown = plan.putGroups.filter((g) => {
      const before = local.get(g.id);
      return !before || before.deleted || !sameContent(before, g);
    });
    return { applied: shown.length + plan.deleteGroups.length + (plan.settings ? 1 : 0), lost };
  });
}

async function post(since: number, changes: GroupChange[]): Promise<GroupSyncResponse> {
  return api.post<GroupSyncResponse>('/groups/sync/', { since, changes });
}

/**
 * One full sync of the device: the outbox in requests the server accepts (count and size caps), then
 * the pages of whatever the server holds past the device's cursor, until the server says there is no
 * more. Replaying it is harmless: the server stores nothing for a change it already holds, and the
 * device skips a server version it is already based on.
 */
export async function syncOnce(db: PharmaRadarDb, userId: number): Promise<SyncOutcome> {
  const { batch, since } = await readOutbox(db);
  const chunks = chunkChanges(batch.changes);
  let cursor = since;
  let applied = 0;
  const lost: LostChange[] = [];
  try {
    // Every chunk but the last carries no outbox keys: the entries go once every change is accepted.
    // After the last chunk, empty requests follow the pages (`more`), each from the cursor before it.
    let more = false;
    for (let i = 0; i < Math.max(chunks.length, 1) || more; i += 1) {
      const answer = await post(cursor, chunks[i] ?? []);
      const outcome = await applyAnswer(
        db,
        userId,
        answer,
        i === Math.max(chunks.length, 1) - 1 ? batch.entrySeqs : [],
      );
      if (outcome === null) return { kind: 'discarded' };
      applied += outcome.applied;
      lost.push(...outcome.lost);
      // A page that does not move the cursor would be asked for forever.
      more = answer.more === true && answer.seq > cursor;
      cursor = answer.seq;
    }
  } catch (error) {
    if (isApiRequestError(error) && (error.code === 'network' || error.code === 'timeout')) return { kind: 'offline' };
    if (isApiRequestError(error) && error.code === 'group_storage_full') return { kind: 'full' };
    return { kind: 'failed', status: isApiRequestError(error) ? error.status : 0 };
  }
  return { kind: 'synced', applied, lost };
}

export async function pendingChanges(db: PharmaRadarDb): Promise<number> {
  return db.proOutbox.count();
}
