// Dexie version 9 (docs/decisions/215): the per-CNK index rows take the line's `vatSource`. A VAT stored
// before was the file's or the pharmacist's, which one is not recorded: it is kept as it is, its source
// null ("kept from before"), never replaced by a kind's rate. A group's lines keep the sync format, in
// which the source is an optional field: they need no rewrite, and no group is queued for sync.
import type { Transaction } from 'dexie';
import type { GroupLine } from '@pharmaradar/shared/group-line';

type Version8Line = Omit<GroupLine, 'vatSource'> & { vatSource?: GroupLine['vatSource'] };

export async function upgradeVatSources(tx: Transaction): Promise<void> {
  await tx
    .table<Version8Line, string>('proCatalogue')
    .toCollection()
    .modify((row) => {
      row.vatSource ??= null;
    });
}
