// From the rows of a sheet or CSV to the import preview (docs/architecture.md#pro-pricing): where the header is (title rows
// above it are skipped), which column is what, the rows kept, each rejected row with its line and
// reason, and duplicates merged. Headerless files are read from the column holding 6–7 digit codes.
// One bad row never loses the others.
import { cellText, isBlankCell, parseCnkCell, parsePriceCell, parseVatCell, type SheetCell } from './import-cells';
import { mapHeaderRow, type ColumnMap, type ImportColumnRole } from './import-headers';
import type { GroupLine } from './group-line';

/** A row as read from the file; `line` is its 1-based line (CSV) or row number (sheet). */
export type SheetRow = { line: number; cells: SheetCell[] };

export type ImportColumn = { role: ImportColumnRole; index: number; header: string | null };
/** A kept row: a group line (the shape it keeps up to the export) read from `line`. */
export type ImportRow = GroupLine & { line: number };
export type ImportRejectReason = 'missing_cnk' | 'invalid_cnk' | 'invalid_price' | 'invalid_vat';
export type ImportRejected = { line: number; reason: ImportRejectReason; value: string };
export type ImportDuplicate = { cnk: string; lines: number[] };
export type ImportTableError = 'no_valid_cnk' | 'too_many_rows';

export type ImportPreview = {
  ok: boolean;
  error: ImportTableError | null;
  /** Null for a file without a header row. */
  headerLine: number | null;
  columns: ImportColumn[];
  rows: ImportRow[];
  rejected: ImportRejected[];
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

function readRow(row: SheetRow, map: ColumnMap): ImportRow | ImportRejected {
  const cnkCell = row.cells[map.cnk!];
  const cnk = parseCnkCell(cnkCell);
  if (!cnk) {
    const value = cellText(cnkCell);
    return { line: row.line, reason: value === '' ? 'missing_cnk' : 'invalid_cnk', value };
  }
  const price = map.price === undefined ? null : parsePriceCell(row.cells[map.price]);
  if (price === 'invalid') return { line: row.line, reason: 'invalid_price', value: cellText(row.cells[map.price!]) };
  const vat = map.vat === undefined ? null : parseVatCell(row.cells[map.vat]);
  if (vat === 'invalid') return { line: row.line, reason: 'invalid_vat', value: cellText(row.cells[map.vat!]) };
  const name = map.name === undefined ? '' : cellText(row.cells[map.name]).slice(0, MAX_NAME_LENGTH);
  return {
    line: row.line,
    cnk,
    name: name === '' ? null : name,
    purchaseExVat: price,
    vatPercent: vat,
    vatSource: vat === null ? null : 'file',
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

function emptyPreview(error: ImportTableError, skippedLines: number[] = []): ImportPreview {
  return { ok: false, error, headerLine: null, columns: [], rows: [], rejected: [], duplicates: [], skippedLines };
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
  const duplicateLines = new Map<string, number[]>();
  const rejected: ImportRejected[] = [];
  for (const row of dataRows) {
    const read = readRow(row, found.map);
    if ('reason' in read) {
      rejected.push(read);
      continue;
    }
    const first = kept.get(read.cnk);
    if (!first) {
      kept.set(read.cnk, read);
      continue;
    }
    // Merged into the first occurrence: later lines only fill what it left empty.
    first.name ??= read.name;
    first.purchaseExVat ??= read.purchaseExVat;
    first.vatPercent ??= read.vatPercent;
    first.vatSource ??= read.vatSource;
    const lines = duplicateLines.get(read.cnk) ?? [first.line];
    lines.push(read.line);
    duplicateLines.set(read.cnk, lines);
  }

  const ok = kept.size > 0;
  return {
    ok,
    error: ok ? null : 'no_valid_cnk',
    headerLine: headerRow?.line ?? null,
    columns: columnsOf(found.map, headerRow),
    rows: [...kept.values()],
    rejected,
    duplicates: [...duplicateLines].map(([cnk, lines]) => ({ cnk, lines })),
    skippedLines,
  };
}
