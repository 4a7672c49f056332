// Version 8 of the database (docs/decisions/191): a group's lines are the truth of what its rows show.
// Before it, a row showed each field of the group's line, else what the device knew of the CNK
// (proCatalogue, then `cataloguePriceExVat`, `vatPercent`, `name`), merged on every render. The
// upgrade writes that merge once: proCatalogue rows take the group line's shape, and each live group's
// lines take the fields only the device knew, queued for sync so they reach the other devices as
// they were already shown here. Nothing a row showed changes and no price, VAT or name is lost.
import type { Transaction } from 'dexie';
import { fromSyncedLines, toSyncedLines, type GroupLine } from '@pharmaradar/shared/group-line';
import { sameContent, type GroupContent } from '@pharmaradar/shared/group-merge';

/** The fields of a stored group (and of an outbox entry) the upgrade reads and writes. */
type StoredGroup = GroupContent & { id: string; updatedAt: number; deleted: boolean };
type OutboxEntry = { kind: 'group'; id: string; updatedAt: number };

/** A proCatalogue row as versions 2 to 7 stored it (`name` absent on the oldest). */
type LegacyCatalogueRow = {
  cnk: string;
  cataloguePriceExVat?: number | null;
  vatPercent?: number | null;
  name?: string | null;
};

export function catalogueRowAsLine(row: LegacyCatalogueRow): GroupLine {
  const price = row.cataloguePriceExVat;
  return {
    cnk: row.cnk,
    name: row.name?.trim() || null,
    purchaseExVat: typeof price === 'number' && price > 0 ? price : null,
    vatPercent: typeof row.vatPercent === 'number' ? row.vatPercent : null,
    vatSource: null,
  };
}

const filled = (line: GroupLine, known: GroupLine | undefined): GroupLine => ({
  cnk: line.cnk,
  name: line.name ?? known?.name ?? null,
  purchaseExVat: line.purchaseExVat ?? known?.purchaseExVat ?? null,
  vatPercent: line.vatPercent ?? known?.vatPercent ?? null,
  vatSource: null,
});

export async function upgradeProLines(tx: Transaction, now = Date.now()): Promise<void> {
  const catalogue = tx.table<LegacyCatalogueRow | GroupLine, string>('proCatalogue');
  const known = new Map(
    (await catalogue.toArray()).map((row) => [row.cnk, catalogueRowAsLine(row as LegacyCatalogueRow)]),
  );
  await catalogue.bulkPut([...known.values()]);
  const groups = tx.table<StoredGroup, string>('proGroups');
  const outbox = tx.table<OutboxEntry, number>('proOutbox');
  for (const group of await groups.toArray()) {
    if (group.deleted) continue;
    const lines = toSyncedLines(fromSyncedLines(group.cnks, group.lines).map((l) => filled(l, known.get(l.cnk))));
    if (sameContent(group, { ...group, lines })) continue;
    const updatedAt = Math.max(now, group.updatedAt + 1);
    await groups.put({ ...group, lines, updatedAt });
    await outbox.add({ kind: 'group', id: group.id, updatedAt });
  }
}
