// From the rows of a sheet or CSV to the import preview (docs/architecture.md#pro-pricing): where the header is (title rows
// above it are skipped), which column is what, the rows kept, each rejected row with its line and
// reason, and duplicates merged. Headerless files are read from the column holding 6–7 digit codes.
// Every row of the file is accounted for: skipped above the table, imported as is, imported with a
// stated change (a note), merged into an earlier line of its CNK (a duplicate), or refused with its
// reason. Only a row without a CNK is refused: a cell that cannot be read costs that cell, not the row.
import { luhnValid } from './cnk';
import {
  cellText,
  cnkZeroRestored,
  isBlankCell,
  parseCnkCell,
  parsePriceCell,
  parseVatCell,
  type SheetCell,
} from './import-cells';
import { mapHeaderRow, type ColumnMap, type ImportColumnRole } from './import-headers';
import type { GroupLine } from './group-line';

/** A row as read from the file; `line` is its 1-based line (CSV) or row number (sheet). */
export type SheetRow = { line: number; cells: SheetCell[] };

export type ImportColumn = { role: ImportColumnRole; index: number; header: string | null };
/** A kept row: a group line (the shape it keeps up to the export) read from `line`. */
export type ImportRow = GroupLine & { line: number };
export type ImportRejectReason = 'missing_cnk' | 'invalid_cnk';
export type ImportRejected = { line: number; reason: ImportRejectReason; value: string };
/**
 * A change the import made to what a kept row gave, or what it will mean: `value` is the cell as written.
 * price_not_read / vat_not_read: the cell is not a price or rate, the line is kept without it;
 * price_missing: the price column is empty on this row; zero_restored: a 6-digit code read as the CNK
 * with the leading zero a spreadsheet drops; check_digit: the CNK's last digit does not match the others,
 * so it is never priced (the group table and the export mark it the same way).
 */
export type ImportNoteKind = 'price_not_read' | 'price_missing' | 'vat_not_read' | 'zero_restored' | 'check_digit';
export type ImportNote = { line: number; cnk: string; kind: ImportNoteKind; value: string };
/**
 * A CNK on several rows, merged into one line. The rule: each field keeps the first row's value; a field
 * the first row left empty takes the next row's that has one. `prices`: each row's purchase price read, in
 * file order; `keptPriceLine`: the row whose price the line keeps (null: none gave one).
 */
export type ImportDuplicate = {
  cnk: string;
  lines: number[];
  prices: { line: number; price: number }[];
  keptPriceLine: number | null;
};
export type ImportTableError = 'no_valid_cnk' | 'too_many_rows';

export type ImportPreview = {
  ok: boolean;
  error: ImportTableError | null;
  /** Null for a file without a header row. */
  headerLine: number | null;
  columns: ImportColumn[];
  rows: ImportRow[];
  rejected: ImportRejected[];
  /** In file order. */
  notes: ImportNote[];
  duplicates: ImportDuplicate[];
  /** Non-blank lines above the data (titles, export dates, an unrecognised header). */
  skippedLines: number[];
};

/** Header search depth: pharmacy exports put a few title lines above the table, never dozens. */
export const HEADER_SEARCH_ROWS = 30;
/** Rows beyond this are refused rather than parsed (a group is priced CNK by CNK against a quota). */
export const MAX_IMPORT_ROWS = 20_000;
const MAX_NAME_LENGTH = 300;

const isBlankRow = (row: SheetRow) => row.cells.every(isBlankCell);

function findHeader(rows: readonly SheetRow[]): { at: number; map: ColumnMap } | null {
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
    const map = mapHeaderRow(rows[i]!.cells);
    if (map) return { at: i, map };
  }
  return null;
}

/** Headerless: the column with the most CNK-shaped cells, read from its first code on. */
function findCodeColumn(rows: readonly SheetRow[]): { at: number; map: ColumnMap } | null {
  const counts: number[] = [];
  for (const row of rows) {
    row.cells.forEach((cell, index) => {
      if (parseCnkCell(cell)) counts[index] = (counts[index] ?? 0) + 1;
    });
  }
  let best = -1;
  counts.forEach((count, index) => {
    if (count > 0 && (best < 0 || count > counts[best]!)) best = index;
  });
  if (best < 0) return null;
  const at = rows.findIndex((row) => parseCnkCell(row.cells[best]) !== null);
  const map: ColumnMap = { cnk: best };
  // A name column is the first other one holding mostly text that is not a number.
  const sample = rows.slice(at, at + 50);
  const width = Math.max(...sample.map((r) => r.cells.length));
  for (let index = 0; index < width; index++) {
    if (index === best) continue;
    const filled = sample.map((r) => r.cells[index]).filter((c) => !isBlankCell(c));
    const texts = filled.filter((c) => typeof c === 'string' && !/^[\d\s.,%€-]+$/.test(c));
    if (filled.length > 0 && texts.length * 2 > filled.length) {
      map.name = index;
      break;
    }
  }
  return { at, map };
}

function readRow(row: SheetRow, map: ColumnMap): { row: ImportRow; notes: ImportNote[] } | ImportRejected {
  const cnkCell = row.cells[map.cnk!];
  const cnk = parseCnkCell(cnkCell);
  if (!cnk) {
    const value = cellText(cnkCell);
    return { line: row.line, reason: value === '' ? 'missing_cnk' : 'invalid_cnk', value };
  }
  const notes: ImportNote[] = [];
  const note = (kind: ImportNoteKind, cell: SheetCell) =>
    notes.push({ line: row.line, cnk, kind, value: cellText(cell) });
  if (cnkZeroRestored(cnkCell)) note('zero_restored', cnkCell);
  // Same rule as the server's, which never prices such a CNK: said here before anything is asked.
  if (!luhnValid(cnk)) note('check_digit', cnkCell);
  let price: number | null = null;
  if (map.price !== undefined) {
    const cell = row.cells[map.price];
    const read = parsePriceCell(cell);
    if (read === 'invalid') note('price_not_read', cell);
    else if (read === null) note('price_missing', cell);
    else price = read;
  }
  let vat: number | null = null;
  if (map.vat !== undefined) {
    const cell = row.cells[map.vat];
    const read = parseVatCell(cell);
    if (read === 'invalid') note('vat_not_read', cell);
    else vat = read;
  }
  const name = map.name === undefined ? '' : cellText(row.cells[map.name]).slice(0, MAX_NAME_LENGTH);
  return {
    row: {
      line: row.line,
      cnk,
      name: name === '' ? null : name,
      purchaseExVat: price,
      vatPercent: vat,
      vatSource: vat === null ? null : 'file',
    },
    notes,
  };
}

function columnsOf(map: ColumnMap, header: SheetRow | null): ImportColumn[] {
  const roles: ImportColumnRole[] = ['cnk', 'name', 'price', 'vat'];
  return roles.flatMap((role) => {
    const index = map[role];
    if (index === undefined) return [];
    const text = header ? cellText(header.cells[index]) : '';
    return [{ role, index, header: text === '' ? null : text }];
  });
}

/** A preview that only carries its error: nothing read, nothing kept (the worker's file checks use it too). */
export function emptyPreview<E extends string = ImportTableError>(
  error: E,
  skippedLines: number[] = [],
): Omit<ImportPreview, 'error'> & { error: E } {
  return {
    ok: false,
    error,
    headerLine: null,
    columns: [],
    rows: [],
    rejected: [],
    notes: [],
    duplicates: [],
    skippedLines,
  };
}

export function analyseTable(allRows: readonly SheetRow[]): ImportPreview {
  const rows = allRows.filter((row) => !isBlankRow(row));
  if (rows.length > MAX_IMPORT_ROWS + HEADER_SEARCH_ROWS) return emptyPreview('too_many_rows');
  const header = findHeader(rows);
  const found = header ?? findCodeColumn(rows);
  if (!found)
    return emptyPreview(
      'no_valid_cnk',
      rows.map((r) => r.line),
    );

  const skippedLines = rows.slice(0, found.at).map((r) => r.line);
  const headerRow = header ? rows[header.at]! : null;
  const dataRows = rows.slice(header ? header.at + 1 : found.at);
  if (dataRows.length > MAX_IMPORT_ROWS) return emptyPreview('too_many_rows');

  const kept = new Map<string, ImportRow>();
  const duplicates = new Map<string, ImportDuplicate>();
  const rejected: ImportRejected[] = [];
  const notes: ImportNote[] = [];
  for (const dataRow of dataRows) {
    const read = readRow(dataRow, found.map);
    if ('reason' in read) {
      rejected.push(read);
      continue;
    }
    notes.push(...read.notes);
    const { row } = read;
    const first = kept.get(row.cnk);
    if (!first) {
      kept.set(row.cnk, row);
      continue;
    }
    const duplicate = duplicates.get(row.cnk) ?? {
      cnk: row.cnk,
      lines: [first.line],
      prices: first.purchaseExVat === null ? [] : [{ line: first.line, price: first.purchaseExVat }],
      keptPriceLine: first.purchaseExVat === null ? null : first.line,
    };
    duplicate.lines.push(row.line);
    if (row.purchaseExVat !== null) {
      duplicate.prices.push({ line: row.line, price: row.purchaseExVat });
      duplicate.keptPriceLine ??= row.line;
    }
    duplicates.set(row.cnk, duplicate);
    // Merged into the first occurrence: later lines only fill what it left empty.
    first.name ??= row.name;
    first.purchaseExVat ??= row.purchaseExVat;
    first.vatPercent ??= row.vatPercent;
    first.vatSource ??= row.vatSource;
  }

  const ok = kept.size > 0;
  return {
    ok,
    error: ok ? null : 'no_valid_cnk',
    headerLine: headerRow?.line ?? null,
    columns: columnsOf(found.map, headerRow),
    rows: [...kept.values()],
    rejected,
    notes,
    duplicates: [...duplicates.values()],
    skippedLines,
  };
}
