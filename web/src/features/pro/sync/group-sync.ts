// The device side of POST /api/groups/sync (docs/architecture.md#offline-first-and-sync): pushes the outbox, applies the server's changes.
import type { GroupChange, GroupSyncResponse } from '@pharmaradar/shared/pro.schema';
import { api, isApiRequestError } from '../../../lib/api/client';
import type { LostChange, ProStore } from '../data/pro-store';
import { chunkChanges } from './sync-merge';

export type { LostChange };

export type SyncOutcome =
  /** `pullEverySeconds`: the server's rhythm for pulls (absent from older servers). */
  | { kind: 'synced'; applied: number; lost: LostChange[]; pullEverySeconds?: number }
  | { kind: 'offline' }
  /** The server refused the changes: the account's group storage is full (docs/decisions/131). */
  | { kind: 'full' }
  | { kind: 'failed'; status: number }
  /** The Pro tables now belong to someone else (a logout wiped them meanwhile): the answer is dropped. */
  | { kind: 'discarded' };

async function post(since: number, changes: GroupChange[]): Promise<GroupSyncResponse> {
  return api.post<GroupSyncResponse>('/groups/sync/', { since, changes });
}

/**
 * One full sync of the device: the outbox in requests the server accepts (count and size caps), then
 * the pages of whatever the server holds past the device's cursor, until the server says there is no
 * more. Replaying it is harmless: the server stores nothing for a change it already holds, and the
 * device skips a server version it is already based on.
 */
export async function syncOnce(store: ProStore, userId: number): Promise<SyncOutcome> {
  const { batch, since } = await store.readOutbox();
  const chunks = chunkChanges(batch.changes);
  let cursor = since;
  let applied = 0;
  const lost: LostChange[] = [];
  let pullEverySeconds: number | undefined;
  try {
    // Every chunk but the last carries no outbox keys: the entries go once every change is accepted.
    // After the last chunk, empty requests follow the pages (`more`), each from the cursor before it.
    let more = false;
    for (let i = 0; i < Math.max(chunks.length, 1) || more; i += 1) {
      const answer = await post(cursor, chunks[i] ?? []);
      const outcome = await store.applyAnswer(
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
      pullEverySeconds = answer.pullEverySeconds ?? pullEverySeconds;
    }
  } catch (error) {
    if (isApiRequestError(error) && (error.code === 'network' || error.code === 'timeout')) return { kind: 'offline' };
    if (isApiRequestError(error) && error.code === 'group_storage_full') return { kind: 'full' };
    return { kind: 'failed', status: isApiRequestError(error) ? error.status : 0 };
  }
  return { kind: 'synced', applied, lost, ...(pullEverySeconds === undefined ? {} : { pullEverySeconds }) };
}
