// A product's purchase price, VAT and own name as the device keeps them (proCatalogue, per CNK) and as
// a group's lines carry them to the other devices (docs/decisions/151). Pure conversions.
import { GROUP_LINE_NAME_MAX_LENGTH, type GroupLine, type GroupLines } from '@pharmaradar/shared/group-sync.schema';
import type { CatalogueEntry, CatalogueUpdate } from './pro-records';

/** An own name as a line carries it (trimmed and cut as the server keeps it); null when blank. */
const lineName = (name: string | null | undefined) => name?.trim().slice(0, GROUP_LINE_NAME_MAX_LENGTH).trim() || null;

export type CatalogueRow = {
  cnk: string;
  cataloguePriceExVat: number | null;
  vatPercent: number | null;
  name?: string | null;
};

export const entryOf = (r: CatalogueRow): CatalogueEntry => ({
  price: r.cataloguePriceExVat,
  vat: r.vatPercent,
  name: r.name ?? null,
});

/** The stored row after an update: a field left out keeps its value, null clears it. */
export function catalogueRow(before: CatalogueRow | undefined, update: CatalogueUpdate): CatalogueRow {
  return {
    cnk: update.cnk,
    cataloguePriceExVat: update.price !== undefined ? update.price : (before?.cataloguePriceExVat ?? null),
    vatPercent: update.vat !== undefined ? update.vat : (before?.vatPercent ?? null),
    name: update.name !== undefined ? update.name : (before?.name ?? null),
  };
}

/** The line a group carries for a stored row; null when nothing is known. */
export function lineOf(r: CatalogueRow): GroupLine | null {
  const line: GroupLine = {};
  if (r.cataloguePriceExVat !== null && r.cataloguePriceExVat > 0) line.price = r.cataloguePriceExVat;
  if (r.vatPercent !== null) line.vat = r.vatPercent;
  const name = lineName(r.name);
  if (name) line.name = name;
  return Object.keys(line).length > 0 ? line : null;
}

/** A group's line after an update: only the fields it names change (null clears); null when empty. */
export function updatedLine(line: GroupLine | undefined, update: CatalogueUpdate): GroupLine | null {
  const next: GroupLine = { ...line };
  if (update.price !== undefined) {
    if (update.price !== null && update.price > 0) next.price = update.price;
    else delete next.price;
  }
  if (update.vat !== undefined) {
    if (update.vat !== null) next.vat = update.vat;
    else delete next.vat;
  }
  if (update.name !== undefined) {
    const name = lineName(update.name);
    if (name) next.name = name;
    else delete next.name;
  }
  return Object.keys(next).length > 0 ? next : null;
}

/** A group's lines, with what the device knows of a CNK that has none yet. */
export function withCatalogue(
  lines: GroupLines | undefined,
  cnks: readonly string[],
  known: readonly (CatalogueRow | undefined)[],
): GroupLines | undefined {
  const next: GroupLines = {};
  cnks.forEach((cnk, i) => {
    const line = lines?.[cnk] ?? (known[i] ? lineOf(known[i]) : null);
    if (line) next[cnk] = line;
  });
  return Object.keys(next).length > 0 ? next : undefined;
}

/** What a group's rows price from: the group's line, field by field, over what the device knows. */
export function groupCatalogue(
  lines: GroupLines | undefined,
  known: ReadonlyMap<string, CatalogueEntry>,
): Map<string, CatalogueEntry> {
  const merged = new Map(known);
  for (const [cnk, line] of Object.entries(lines ?? {})) {
    const device = known.get(cnk);
    merged.set(cnk, {
      price: line.price ?? device?.price ?? null,
      vat: line.vat ?? device?.vat ?? null,
      name: line.name ?? device?.name ?? null,
    });
  }
  return merged;
}

/** The lines an answer brought, as updates of the device's catalogue (a field the line lacks is kept). */
export function updatesFromLines(lines: GroupLines | undefined): CatalogueUpdate[] {
  return Object.entries(lines ?? {}).map(([cnk, line]) => ({
    cnk,
    ...(line.price !== undefined ? { price: line.price } : {}),
    ...(line.vat !== undefined ? { vat: line.vat } : {}),
    ...(line.name !== undefined ? { name: line.name } : {}),
  }));
}
