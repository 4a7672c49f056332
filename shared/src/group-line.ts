// One line of a Pro group (docs/decisions/191): the one shape a product has from the import to the
// export, on the device and in the screens. Sync sends it keyed by CNK with only its known fields
// (`GroupLines`, the wire format older builds and the server merge per field): the two conversions
// below are the only place the two shapes meet.
import { z } from 'zod';
import { GROUP_LINE_NAME_MAX_LENGTH } from './group-sync-limits';
import { vatPercentSchema } from './pricing.schema';
import type { GroupLines, SyncedLine } from './group-sync.schema';
import { vatSourceSchema } from './vat-rule';

/**
 * The pharmacist's purchase price excl. VAT, VAT rate and own name for one CNK; null: not known.
 * `vatSource` says who decided the VAT (docs/decisions/215); null with a VAT: given before sources were
 * kept, and kept as the pharmacist's.
 */
export const groupLineSchema = z.object({
  cnk: z.string().regex(/^\d{7}$/),
  name: z.string().nullable(),
  purchaseExVat: z.number().finite().positive().max(1_000_000).nullable(),
  vatPercent: vatPercentSchema.nullable(),
  vatSource: vatSourceSchema.nullable(),
});
export type GroupLine = z.infer<typeof groupLineSchema>;

/** A change of lines: a field left out keeps its value, null clears it. */
export type GroupLineUpdate = Pick<GroupLine, 'cnk'> & Partial<Omit<GroupLine, 'cnk'>>;

/** A line of `cnk` of which nothing is known. */
export const emptyLine = (cnk: string): GroupLine => ({
  cnk,
  name: null,
  purchaseExVat: null,
  vatPercent: null,
  vatSource: null,
});

/** An own name as a line keeps it (trimmed and cut as the server keeps it); null when blank. */
export const lineName = (name: string | null | undefined): string | null =>
  name?.trim().slice(0, GROUP_LINE_NAME_MAX_LENGTH).trim() || null;

/**
 * The line after an update: only the fields it names change (null or a non-positive price clears). A
 * VAT changes with its source: a VAT given without one has none, a cleared VAT has none.
 */
export function updatedLine(line: GroupLine, update: GroupLineUpdate): GroupLine {
  return {
    cnk: line.cnk,
    name: update.name !== undefined ? lineName(update.name) : line.name,
    purchaseExVat:
      update.purchaseExVat !== undefined
        ? update.purchaseExVat !== null && update.purchaseExVat > 0
          ? update.purchaseExVat
          : null
        : line.purchaseExVat,
    vatPercent: update.vatPercent !== undefined ? update.vatPercent : line.vatPercent,
    vatSource:
      update.vatPercent !== undefined
        ? update.vatPercent === null
          ? null
          : (update.vatSource ?? null)
        : (line.vatSource ?? null),
  };
}

/** A line as sync sends it: its known fields only; null when nothing is known. */
export function toSyncedLine(line: GroupLine): SyncedLine | null {
  const synced: SyncedLine = {};
  if (line.purchaseExVat !== null && line.purchaseExVat > 0) synced.price = line.purchaseExVat;
  if (line.vatPercent !== null) synced.vat = line.vatPercent;
  if (line.vatPercent !== null && line.vatSource) synced.vatFrom = line.vatSource;
  const name = lineName(line.name);
  if (name) synced.name = name;
  return Object.keys(synced).length > 0 ? synced : null;
}

/** A line as sync carries it (absent: nothing known). */
export function fromSyncedLine(cnk: string, synced: SyncedLine | undefined): GroupLine {
  return {
    cnk,
    name: synced?.name ?? null,
    purchaseExVat: synced?.price ?? null,
    vatPercent: synced?.vat ?? null,
    vatSource: synced?.vat !== undefined ? (synced.vatFrom ?? null) : null,
  };
}

/** Lines as sync sends them, keyed by CNK; undefined when none has anything known. */
export function toSyncedLines(lines: readonly GroupLine[]): GroupLines | undefined {
  const synced: GroupLines = {};
  for (const line of lines) {
    const s = toSyncedLine(line);
    if (s) synced[line.cnk] = s;
  }
  return Object.keys(synced).length > 0 ? synced : undefined;
}

/** One line per CNK of the group, in its order, from what sync carries. */
export function fromSyncedLines(cnks: readonly string[], synced: GroupLines | undefined): GroupLine[] {
  return cnks.map((cnk) => fromSyncedLine(cnk, synced?.[cnk]));
}
