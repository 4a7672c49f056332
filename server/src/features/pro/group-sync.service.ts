import { keptLines, mergeGroup, mergeSettings, sameContent, type GroupContent } from '@pharmaradar/shared/group-merge';
import type { PricingSettings } from '@pharmaradar/shared/pricing.schema';
import {
  GROUP_MAX_CNKS,
  SYNC_MAX_GROUPS,
  SYNC_MAX_RECORDS,
  SYNC_MAX_STORED_BYTES,
  SYNC_PAGE_MAX_BYTES,
  SYNC_PAGE_MAX_CHANGES,
  type GroupChange,
  type GroupSyncResponse,
  type NotApplied,
  type StoredGroupChange,
} from '@pharmaradar/shared/pro.schema';
import { HttpError } from '../../lib/http-error';
import { groupStorageFullMessages, PRO_MESSAGES } from './pro.messages';
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

const storageFull = () =>
  new HttpError(
    413,
    'group_storage_full',
    groupStorageFullMessages({
      groups: SYNC_MAX_GROUPS,
      cnks: GROUP_MAX_CNKS,
      megabytes: SYNC_MAX_STORED_BYTES / 1_000_000,
    }),
  );

type Outcome = { store: { deleted: boolean; data: string | null } | null; notApplied: NotApplied | null };

/**
 * What one change does to the stored record (docs/decisions/132): a deletion always applies; an edit
 * of a group deleted elsewhere does not; an edit is merged against the version stored meanwhile (set
 * changes of the CNKs, text fields unless both sides changed them). Nothing is stored when the result
 * is what is already there, so a replayed request makes no new sequence number.
 */
function resolve(change: GroupChange, stored: SyncRecordRow | undefined): Outcome {
  const none: Outcome = { store: null, notApplied: null };
  if (change.kind === 'settings') {
    // Only the fields this device changed since its base apply (docs/decisions/151).
    const theirs = stored?.data ? (JSON.parse(stored.data) as PricingSettings) : null;
    const merged = mergeSettings(change.base, change.data, theirs);
    const data = JSON.stringify({
      minMarginPercent: merged.minMarginPercent,
      idealMarginPercent: merged.idealMarginPercent,
      strategy: merged.strategy,
    });
    return stored?.data === data ? none : { store: { deleted: false, data }, notApplied: null };
  }
  if (change.deleted) return stored?.deleted === 1 ? none : { store: { deleted: true, data: null }, notApplied: null };
  const mine = change.data as GroupContent;
  if (stored?.deleted === 1)
    return { store: null, notApplied: { kind: 'group', id: change.id, reason: 'deleted', fields: [] } };
  const theirs = stored?.data ? (JSON.parse(stored.data) as GroupContent) : null;
  // Mine as its own version, or merged onto what was stored meanwhile; an older client's push (no
  // lines) keeps the stored lines of the CNKs it keeps (docs/decisions/151).
  let content: GroupContent = { ...mine, lines: keptLines(mine.lines ?? theirs?.lines, mine.cnks) };
  let notApplied: NotApplied | null = null;
  if (theirs && change.base && change.base.seq !== stored?.seq) {
    const merged = mergeGroup(change.base, mine, theirs);
    content = merged.content;
    if (merged.conflicts.length > 0)
      notApplied = { kind: 'group', id: change.id, reason: 'conflict', fields: merged.conflicts };
  }
  // Both sides' additions can together pass the per-group cap.
  if (content.cnks.length > GROUP_MAX_CNKS) throw storageFull();
  const data = JSON.stringify({
    name: content.name,
    description: content.description,
    cnks: content.cnks,
    ...(content.lines ? { lines: content.lines } : {}),
  });
  if (stored && stored.data !== null && sameContent(JSON.parse(stored.data) as GroupContent, content))
    return { store: null, notApplied };
  return { store: { deleted: false, data }, notApplied };
}

/** One page of the stored changes after `since`: a count cap and a byte cap (at least one change). */
function page(repository: ProRepository, userId: number, since: number): Omit<GroupSyncResponse, 'notApplied'> {
  const rows = repository.changesSince(userId, since, SYNC_PAGE_MAX_CHANGES + 1);
  const taken: SyncRecordRow[] = [];
  let bytes = 0;
  for (const row of rows.slice(0, SYNC_PAGE_MAX_CHANGES)) {
    bytes += (row.data?.length ?? 0) + 100;
    if (taken.length > 0 && bytes > SYNC_PAGE_MAX_BYTES) break;
    taken.push(row);
  }
  const more = taken.length < rows.length;
  const seq = more ? taken[taken.length - 1]!.seq : Math.max(since, repository.lastSeq(userId));
  return { seq, changes: taken.map(toChange), more };
}

/**
 * docs/architecture.md#offline-first-and-sync, docs/decisions/131 and 132: applies the device's changes in the order they arrive, each
 * stamped with the server's clock (a device's clock, slow or from the far future, orders nothing),
 * refuses the whole request if it would take the account past a cap, and answers the first page of
 * the stored changes after `since` with the changes that were not (fully) applied.
 */
export function syncGroups(
  repository: ProRepository,
  userId: number,
  request: { since: number; changes: GroupChange[] },
  now: number,
  options: { pullEverySeconds: number; want?: (cnks: readonly string[]) => void },
): GroupSyncResponse {
  const { want } = options;
  for (const change of request.changes) {
    if (change.kind === 'group' && !change.deleted && !change.data)
      throw new HttpError(400, 'validation', PRO_MESSAGES.groupDataMissing);
  }
  // The CNKs of the groups stored: a pharmacist prices them again, so the market keeps them warm.
  const kept: string[] = [];
  const response = repository.writeTransaction(() => {
    const notApplied: NotApplied[] = [];
    let wrote = false;
    for (const change of request.changes) {
      const outcome = resolve(change, repository.find(userId, change.kind, change.id));
      if (outcome.notApplied) notApplied.push(outcome.notApplied);
      if (!outcome.store) continue;
      // A tombstone keeps no content: the group's name and CNKs are gone from the server too.
      repository.store({ userId, kind: change.kind, recordId: change.id, updatedAt: now, ...outcome.store });
      if (change.kind === 'group' && outcome.store.data)
        kept.push(...(JSON.parse(outcome.store.data) as GroupContent).cnks);
      wrote = true;
    }
    if (wrote) {
      // Checked after the writes, inside the transaction: throwing rolls the whole request back.
      const usage = repository.syncUsage(userId);
      if (usage.groups > SYNC_MAX_GROUPS || usage.records > SYNC_MAX_RECORDS || usage.bytes > SYNC_MAX_STORED_BYTES)
        throw storageFull();
    }
    return { ...page(repository, userId, request.since), notApplied, pullEverySeconds: options.pullEverySeconds };
  });
  // After the commit, so a request refused for a cap marks nothing; the store failing costs the sync nothing.
  try {
    if (kept.length > 0) want?.(kept);
  } catch {
    /* a CNK not marked wanted is fetched live when priced */
  }
  return response;
}
