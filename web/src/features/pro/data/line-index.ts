// The device's index of lines per CNK (the proCatalogue table, docs/decisions/191 and 201). It is not
// a second truth: a group's rows, report and export read the group's own lines, and the index is
// written only here, folding in the very updates (or synced lines) written to the groups' lines in the
// same transaction. It remembers what no live group holds any more, or never held: a price typed in
// product mode for a product in no group, the line of a CNK removed from its group. That memory is
// what a CNK new to a group brings and what product mode shows; it never syncs and goes with a logout.
import { emptyLine, updatedLine, type GroupLine, type GroupLineUpdate } from '@pharmaradar/shared/group-line';
import type { PharmaRadarDb, ProGroupRecord } from '../../../db/db';
import type { SyncedLine } from '@pharmaradar/shared/group-sync.schema';

/** What the index says of `cnks`, in their order (undefined: nothing known). Reads within the caller's transaction. */
export const indexedLines = (db: PharmaRadarDb, cnks: readonly string[]): Promise<(GroupLine | undefined)[]> =>
  db.proCatalogue.bulkGet([...cnks]);

/**
 * Within a transaction that writes the same updates into the groups' lines: folds them into the index
 * (a field left out keeps what the index knew, null clears it).
 */
export async function indexLines(db: PharmaRadarDb, updates: readonly GroupLineUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const before = await indexedLines(
    db,
    updates.map((u) => u.cnk),
  );
  await db.proCatalogue.bulkPut(updates.map((u, i) => updatedLine(before[i] ?? emptyLine(u.cnk), u)));
}

/**
 * The lines of groups a sync answer brought, as updates of the index: each field a line carries (a
 * field it lacks keeps what the device knew), the later group's field where two groups hold the CNK.
 */
export function syncedLineUpdates(groups: readonly ProGroupRecord[]): GroupLineUpdate[] {
  const byCnk = new Map<string, GroupLineUpdate>();
  for (const group of groups)
    for (const [cnk, synced] of Object.entries(group.lines ?? {}))
      byCnk.set(cnk, { ...byCnk.get(cnk), ...updateFromSynced(cnk, synced) });
  return [...byCnk.values()];
}

/** A line a sync answer brought, as an update of what the device knows (a field it lacks is kept). */
function updateFromSynced(cnk: string, synced: SyncedLine): GroupLineUpdate {
  return {
    cnk,
    ...(synced.price !== undefined ? { purchaseExVat: synced.price } : {}),
    // The VAT travels with who decided it (docs/decisions/215); without it, from before sources were kept.
    ...(synced.vat !== undefined ? { vatPercent: synced.vat, vatSource: synced.vatFrom ?? null } : {}),
    ...(synced.name !== undefined ? { name: synced.name } : {}),
  };
}
