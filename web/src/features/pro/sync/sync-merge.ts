// The pure rules of group sync (DESIGN §7, ADR 061/080): what to send, what to take from the server.
import {
  groupChangeSchema,
  SYNC_MAX_CHANGES,
  type GroupChange,
  type StoredGroupChange,
} from '@pharmaradar/shared/pro.schema';
import type { ProGroupRecord, ProOutboxEntry } from '../../../db/db';

/** The settings record as the device keeps it in proMeta. */
export type LocalSettings = { value: unknown; updatedAt: number };

/** The changes one outbox read becomes, with the outbox entries they account for. */
export interface OutboxBatch {
  changes: GroupChange[];
  /** Outbox keys to delete once the server has taken the batch (entries added meanwhile stay). */
  entrySeqs: number[];
}

/**
 * One change per record, made from the record's current local state (not from the outbox entry: a
 * record edited three times offline is sent once, as it is now). A record gone from the device (a
 * server tombstone was applied after the change was queued) has nothing left to send. A change the
 * server's schema would refuse could never be accepted and would block every later sync: it is
 * dropped from the outbox rather than sent.
 */
export function changesFromOutbox(
  outbox: readonly ProOutboxEntry[],
  groups: ReadonlyMap<string, ProGroupRecord>,
  settings: LocalSettings | undefined,
): OutboxBatch {
  const byKey = new Map<string, GroupChange>();
  const entrySeqs: number[] = [];
  for (const entry of outbox) {
    if (entry.seq !== undefined) entrySeqs.push(entry.seq);
    const key = `${entry.kind}:${entry.id}`;
    if (byKey.has(key)) continue;
    const change = entry.kind === 'settings' ? settingsChange(settings) : groupChange(groups.get(entry.id));
    if (change) byKey.set(key, change);
  }
  return { changes: [...byKey.values()], entrySeqs };
}

function groupChange(group: ProGroupRecord | undefined): GroupChange | null {
  if (!group) return null;
  const raw = group.deleted
    ? { kind: 'group', id: group.id, updatedAt: group.updatedAt, deleted: true, data: null }
    : {
        kind: 'group',
        id: group.id,
        updatedAt: group.updatedAt,
        deleted: false,
        data: { name: group.name, description: group.description, cnks: group.cnks },
      };
  const parsed = groupChangeSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function settingsChange(settings: LocalSettings | undefined): GroupChange | null {
  if (!settings) return null;
  const parsed = groupChangeSchema.safeParse({
    kind: 'settings',
    id: 'settings',
    updatedAt: settings.updatedAt,
    deleted: false,
    data: settings.value,
  });
  return parsed.success ? parsed.data : null;
}

/** Under the server's 64 KB body cap with room for the envelope (a full 2,000-CNK group is ~20 KB). */
export const SYNC_MAX_BODY_BYTES = 48_000;

/** Splits the changes into requests the server accepts: at most 200 changes and under the body cap each. */
export function chunkChanges(
  changes: readonly GroupChange[],
  maxCount = SYNC_MAX_CHANGES,
  maxBytes = SYNC_MAX_BODY_BYTES,
): GroupChange[][] {
  const chunks: GroupChange[][] = [];
  let current: GroupChange[] = [];
  let bytes = 0;
  for (const change of changes) {
    const size = JSON.stringify(change).length + 1;
    if (current.length > 0 && (current.length >= maxCount || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(change);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Last writer wins, as on the server: the server's record is taken unless the device holds a strictly
 * newer one (a change made while the request was out, still in the outbox). On an exact tie the
 * server's record wins too, since the server kept its own on that tie: every device ends on it.
 */
export function serverWins(local: { updatedAt: number } | undefined, remote: { updatedAt: number }): boolean {
  return !local || remote.updatedAt >= local.updatedAt;
}

/** What applying the server's changes does to the device's tables. */
export interface ApplyPlan {
  putGroups: ProGroupRecord[];
  /** Tombstones delete the group from the device: its name and CNKs do not stay behind. */
  deleteGroups: string[];
  settings: LocalSettings | null;
}

export function planApply(
  remote: readonly StoredGroupChange[],
  localGroups: ReadonlyMap<string, ProGroupRecord>,
  localSettings: LocalSettings | undefined,
): ApplyPlan {
  const plan: ApplyPlan = { putGroups: [], deleteGroups: [], settings: null };
  // The server answers in seq order; a record appears once, but keep the newest should it repeat.
  const latest = new Map<string, StoredGroupChange>();
  for (const change of remote) {
    const key = `${change.kind}:${change.id}`;
    const seen = latest.get(key);
    if (!seen || change.updatedAt >= seen.updatedAt) latest.set(key, change);
  }
  for (const change of latest.values()) {
    if (change.kind === 'settings') {
      if (!serverWins(localSettings, change) || sameVersion(localSettings, change, localSettings?.value)) continue;
      plan.settings = { value: change.data, updatedAt: change.updatedAt };
      continue;
    }
    const local = localGroups.get(change.id);
    if (!serverWins(local, change)) continue;
    if (change.deleted || !change.data) {
      if (local) plan.deleteGroups.push(change.id);
      continue;
    }
    const group: ProGroupRecord = {
      id: change.id,
      name: change.data.name,
      description: change.data.description,
      cnks: change.data.cnks,
      updatedAt: change.updatedAt,
      deleted: false,
    };
    if (!local?.deleted && sameVersion(local, change, local && groupData(local))) continue;
    plan.putGroups.push(group);
  }
  return plan;
}

const groupData = (g: ProGroupRecord) => ({ name: g.name, description: g.description, cnks: g.cnks });

/** The device already holds exactly this version (its own change coming back): nothing to apply. */
function sameVersion(local: { updatedAt: number } | undefined, remote: StoredGroupChange, localData: unknown): boolean {
  return local !== undefined && local.updatedAt === remote.updatedAt && canonical(localData) === canonical(remote.data);
}

/** JSON with sorted keys: the same data reads the same whatever order its fields were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * The updatedAt of a local edit: the clock, but always past the record's last known version. A device
 * whose clock runs behind would otherwise write a change the server drops as older, and never learn.
 */
export function nextUpdatedAt(previous: number | undefined, now: number = Date.now()): number {
  return previous === undefined ? now : Math.max(now, previous + 1);
}
