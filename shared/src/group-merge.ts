// The three-way merge of group sync (docs/decisions/132), the same on the server and on the device.

export interface GroupContent {
  name: string;
  description: string;
  cnks: string[];
}

export type MergedField = 'name' | 'description';

export interface GroupMerge {
  content: GroupContent;
  /** Fields both sides changed differently since the base: `theirs` keeps them, `mine` lost. */
  conflicts: MergedField[];
}

/**
 * Applies the edit `base` → `mine` onto `theirs` (the version stored meanwhile). CNKs are sets: what
 * mine added is added, what mine removed is removed, everything theirs did stays. A text field mine
 * changed takes mine's value unless theirs changed it to something else too: then theirs stays and
 * the field is reported. Without a base (an older client, or a replay of a creation) mine is taken.
 */
export function mergeGroup(base: GroupContent | null, mine: GroupContent, theirs: GroupContent): GroupMerge {
  if (!base) return { content: mine, conflicts: [] };
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
  return { content: { name, description, cnks }, conflicts };
}

/** The same content, field by field (CNK order included). */
export function sameContent(a: GroupContent, b: GroupContent): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.cnks.length === b.cnks.length &&
    a.cnks.every((c, i) => c === b.cnks[i])
  );
}
