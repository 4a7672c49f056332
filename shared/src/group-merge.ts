// The three-way merge of group sync (docs/decisions/132, 151), the same on the server and on the device.
import type { SyncedLine, GroupLines } from './group-sync.schema';
import type { PricingSettings } from './pricing.schema';

export interface GroupContent {
  name: string;
  description: string;
  cnks: string[];
  /** Each line's purchase price, VAT and own name (docs/decisions/151); absent: none known. */
  lines?: GroupLines;
}

export type MergedField = 'name' | 'description';

export interface GroupMerge {
  content: GroupContent;
  /** Fields both sides changed differently since the base: `theirs` keeps them, `mine` lost. */
  conflicts: MergedField[];
}

const LINE_FIELDS = ['price', 'vat', 'vatFrom', 'name'] as const;

/** The lines of `cnks` only (a CNK removed from the group takes its line along), none when empty. */
export function keptLines(lines: GroupLines | undefined, cnks: readonly string[]): GroupLines | undefined {
  if (!lines) return undefined;
  const kept: GroupLines = {};
  for (const cnk of cnks) {
    const line = lines[cnk];
    if (line && LINE_FIELDS.some((f) => line[f] !== undefined)) kept[cnk] = line;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/**
 * Per line and per field (docs/decisions/151): a field mine changed since the base takes mine's value
 * (the later write in the server's order), any other keeps theirs. Edits of different lines, or of
 * different fields of one line, all survive. Mine without lines (an older client) changes none.
 */
function mergeLines(base: GroupLines | undefined, mine: GroupLines | undefined, theirs: GroupLines | undefined) {
  if (mine === undefined) return theirs;
  const merged: GroupLines = { ...theirs };
  for (const cnk of new Set([...Object.keys(base ?? {}), ...Object.keys(mine)])) {
    const was: SyncedLine = base?.[cnk] ?? {};
    const now: SyncedLine = mine[cnk] ?? {};
    const line: SyncedLine = { ...theirs?.[cnk] };
    for (const field of LINE_FIELDS) {
      if (now[field] === was[field]) continue;
      if (now[field] === undefined) delete line[field];
      else (line as Record<string, unknown>)[field] = now[field];
    }
    merged[cnk] = line;
  }
  return merged;
}

/**
 * Applies the edit `base` → `mine` onto `theirs` (the version stored meanwhile). CNKs are sets: what
 * mine added is added, what mine removed is removed, everything theirs did stays. A text field mine
 * changed takes mine's value unless theirs changed it to something else too: then theirs stays and
 * the field is reported. Lines merge per field. Without a base (an older client, or a replay of a
 * creation) mine is taken, but mine without lines keeps theirs.
 */
export function mergeGroup(base: GroupContent | null, mine: GroupContent, theirs: GroupContent): GroupMerge {
  if (!base) {
    const lines = keptLines(mine.lines ?? theirs.lines, mine.cnks);
    return {
      content: withLines({ name: mine.name, description: mine.description, cnks: mine.cnks }, lines),
      conflicts: [],
    };
  }
  const conflicts: MergedField[] = [];
  const field = (key: MergedField): string => {
    if (mine[key] === base[key] || mine[key] === theirs[key]) return theirs[key];
    if (theirs[key] === base[key]) return mine[key];
    conflicts.push(key);
    return theirs[key];
  };
  const name = field('name');
  const description = field('description');
  const baseSet = new Set(base.cnks);
  const mineSet = new Set(mine.cnks);
  const removed = new Set(base.cnks.filter((c) => !mineSet.has(c)));
  const cnks = theirs.cnks.filter((c) => !removed.has(c));
  const kept = new Set(cnks);
  for (const c of mine.cnks) {
    if (baseSet.has(c) || kept.has(c)) continue;
    cnks.push(c);
    kept.add(c);
  }
  const lines = keptLines(mergeLines(base.lines, mine.lines, theirs.lines), cnks);
  return { content: withLines({ name, description, cnks }, lines), conflicts };
}

function withLines(content: GroupContent, lines: GroupLines | undefined): GroupContent {
  return lines ? { ...content, lines } : content;
}

/** JSON with sorted keys: the same data reads the same whatever order its fields were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The same content, field by field (CNK order included, lines whatever their key order). */
export function sameContent(a: GroupContent, b: GroupContent): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.cnks.length === b.cnks.length &&
    a.cnks.every((c, i) => c === b.cnks[i]) &&
    canonicalJson(keptLines(a.lines, a.cnks) ?? {}) === canonicalJson(keptLines(b.lines, b.cnks) ?? {})
  );
}

/**
 * Settings merge per field (docs/decisions/151): a field mine changed since the base takes mine's
 * value, the others keep theirs. Without a base (an older client) mine replaces theirs whole, and so
 * it does when the mix would break min ≤ ideal (each side kept the rule alone): the later write wins.
 */
export function mergeSettings(
  base: PricingSettings | null | undefined,
  mine: PricingSettings,
  theirs: PricingSettings | null,
): PricingSettings {
  if (!base || !theirs) return mine;
  const pick = <K extends keyof PricingSettings>(key: K): PricingSettings[K] =>
    mine[key] === base[key] ? theirs[key] : mine[key];
  const merged: PricingSettings = {
    minMarginPercent: pick('minMarginPercent'),
    idealMarginPercent: pick('idealMarginPercent'),
    strategy: pick('strategy'),
  };
  return merged.minMarginPercent <= merged.idealMarginPercent ? merged : mine;
}
