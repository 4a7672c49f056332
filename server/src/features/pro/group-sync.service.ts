import type { GroupChange, GroupSyncResponse, StoredGroupChange } from '@pharmaradar/shared/pro.schema';
import { HttpError } from '../../lib/http-error';
import { PRO_MESSAGES } from './pro.messages';
import type { ProRepository, SyncRecordRow } from './pro.repository';

function toChange(row: SyncRecordRow): StoredGroupChange {
  // Stored only after validation by the shared schema, so it is read back as that shape.
  const data = (row.data === null ? null : JSON.parse(row.data)) as never;
  if (row.kind === 'settings')
    return { kind: 'settings', id: 'settings', updatedAt: row.updated_at, deleted: false, data, seq: row.seq };
  return {
    kind: 'group',
    id: row.record_id,
    updatedAt: row.updated_at,
    deleted: row.deleted === 1,
    data,
    seq: row.seq,
  };
}

/**
 * DESIGN §7: applies the client's changes last-writer-wins by updatedAt and answers every stored
 * change after `since`. A change not newer than the stored one is dropped: replaying a request stores
 * nothing new (idempotent), and on an exact tie the record already stored stays, so every device
 * converges on the same one. Each stored change gets a new sequence number.
 */
export function syncGroups(
  repository: ProRepository,
  userId: number,
  request: { since: number; changes: GroupChange[] },
): GroupSyncResponse {
  for (const change of request.changes) {
    if (change.kind === 'group' && !change.deleted && !change.data)
      throw new HttpError(400, 'validation', PRO_MESSAGES.groupDataMissing);
  }
  return repository.transaction(() => {
    for (const change of request.changes) {
      const stored = repository.find(userId, change.kind, change.id);
      if (stored && stored.updated_at >= change.updatedAt) continue;
      repository.store({
        userId,
        kind: change.kind,
        recordId: change.id,
        updatedAt: change.updatedAt,
        deleted: change.deleted,
        // A tombstone keeps no content: the group's name and CNKs are gone from the server too.
        data: change.deleted ? null : JSON.stringify(change.data),
      });
    }
    return { seq: repository.lastSeq(userId), changes: repository.changesSince(userId, request.since).map(toChange) };
  });
}
