// The pure rules of group sync (docs/architecture.md#offline-first-and-sync, ADR 061/080/132): what to send, what to take from the server.
import {
  DEFAULT_PRICING_SETTINGS,
  pricingSettingsSchema,
  type PricingSettings,
} from '@pharmaradar/shared/pricing.schema';
import {
  canonicalJson,
  keptLines,
  mergeGroup,
  mergeSettings,
  sameContent,
  type GroupContent,
} from '@pharmaradar/shared/group-merge';
import {
  groupChangeSchema,
  SYNC_MAX_CHANGES,
  type GroupBase,
  type GroupChange,
  type StoredGroupChange,
} from '@pharmaradar/shared/pro.schema';
import type { ProGroupRecord, ProOutboxEntry } from '../data/pro-records';

/**
 * The settings record as the device keeps it in proMeta; `base` is the version last had from the
 * server (absent: none yet, so the defaults the form showed).
 */
export type LocalSettings = { value: unknown; updatedAt: number; base?: unknown };

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
        data: contentOf(group),
        // What the edit started from: the server merges the edit against it (docs/decisions/132).
        base: group.base ?? null,
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
    // Only the fields changed since the base apply on the server (docs/decisions/151).
    base: settingsBase(settings),
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

/** What applying the server's changes does to the device's tables. */
export interface ApplyPlan {
  putGroups: ProGroupRecord[];
  /** Tombstones delete the group from the device: its name and CNKs do not stay behind. */
  deleteGroups: string[];
  settings: LocalSettings | null;
  /** Local edits not yet sent that a deletion on another device threw away (the device says so). */
  discarded: ProGroupRecord[];
}

/** What the device still has to send: records with an outbox entry, less those the server refused. */
export interface Pending {
  groups: ReadonlySet<string>;
  settings: boolean;
}

const baseOf = (change: StoredGroupChange & { kind: 'group' }): GroupBase | null =>
  change.data && { seq: change.seq, ...contentOf(change.data) };
const contentOf = (g: GroupContent) => {
  const lines = keptLines(g.lines, g.cnks);
  return { name: g.name, description: g.description, cnks: g.cnks, ...(lines ? { lines } : {}) };
};

/** What the device's settings edit started from: the server's last version, else the defaults it showed. */
function settingsBase(settings: LocalSettings | undefined): PricingSettings {
  const parsed = pricingSettingsSchema.safeParse(settings?.base);
  return parsed.success ? parsed.data : DEFAULT_PRICING_SETTINGS;
}

/**
 * The server's order is its sequence, not any clock (docs/decisions/132). A record with nothing left
 * to send takes the server's version; one with a local edit still to send keeps that edit, rebased on
 * the server's version with the same merge the server makes (so the next push carries the new base).
 * A deletion from the server always wins; the device reports the unsent edits it threw away.
 */
export function planApply(
  remote: readonly StoredGroupChange[],
  localGroups: ReadonlyMap<string, ProGroupRecord>,
  localSettings: LocalSettings | undefined,
  pending: Pending = { groups: new Set(), settings: false },
): ApplyPlan {
  const plan: ApplyPlan = { putGroups: [], deleteGroups: [], settings: null, discarded: [] };
  // The server answers in seq order; a record appears once, but keep the newest should it repeat.
  const latest = new Map<string, StoredGroupChange>();
  for (const change of remote) {
    const key = `${change.kind}:${change.id}`;
    const seen = latest.get(key);
    if (!seen || change.seq >= seen.seq) latest.set(key, change);
  }
  for (const change of latest.values()) {
    if (change.kind === 'settings') {
      // A change still to send is rebased on the server's version, field by field (docs/decisions/151).
      const mine = pricingSettingsSchema.safeParse(localSettings?.value);
      const value =
        pending.settings && mine.success
          ? mergeSettings(settingsBase(localSettings), mine.data, change.data)
          : change.data;
      if (
        canonicalJson(localSettings?.value) === canonicalJson(value) &&
        canonicalJson(localSettings?.base) === canonicalJson(change.data)
      )
        continue;
      plan.settings = { value, updatedAt: change.updatedAt, base: change.data };
      continue;
    }
    const local = localGroups.get(change.id);
    if (local?.base && local.base.seq >= change.seq) continue;
    const dirty = local !== undefined && pending.groups.has(change.id);
    if (change.deleted || !change.data) {
      if (!local) continue;
      plan.deleteGroups.push(change.id);
      if (dirty && !local.deleted) plan.discarded.push(local);
      continue;
    }
    const base = baseOf(change);
    if (dirty) {
      // A local deletion still to send stays: the server applies deletions whatever their base.
      if (local.deleted) continue;
      const merged = mergeGroup(local.base ?? null, contentOf(local), change.data).content;
      plan.putGroups.push({ ...local, ...merged, base });
      continue;
    }
    if (local && !local.deleted && local.base && sameContent(local, change.data) && local.base.seq === change.seq)
      continue;
    plan.putGroups.push({
      id: change.id,
      ...contentOf(change.data),
      updatedAt: change.updatedAt,
      deleted: false,
      base,
    });
  }
  return plan;
}

/**
 * The updatedAt of a local edit: the clock, but always past the record's last known version. A device
 * whose clock runs behind would otherwise write a change the server drops as older, and never learn.
 */
export function nextUpdatedAt(previous: number | undefined, now: number = Date.now()): number {
  return previous === undefined ? now : Math.max(now, previous + 1);
}
