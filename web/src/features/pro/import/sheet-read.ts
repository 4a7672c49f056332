// Spreadsheets (.xlsx, .xls, .ods) through SheetJS. Only cell values are read: a formula's cached
// result is used and the formula itself is never evaluated nor kept.
import type { SheetRow } from '@pharmaradar/shared/import-table';
import type * as XLSX from 'xlsx';

export type SheetJs = Pick<typeof XLSX, 'read' | 'utils'>;

export type SheetTable = { sheet: string; rows: SheetRow[] };

export function readSheetTables(xlsx: SheetJs, bytes: Uint8Array): SheetTable[] {
  const workbook = xlsx.read(bytes, {
    type: 'array',
    dense: true,
    cellDates: true,
    cellFormula: false,
    cellHTML: false,
    // Values only: formatting every cell's display text would double the parse time for nothing.
    cellText: false,
    cellNF: false,
    cellStyles: false,
    sheetStubs: false,
  });
  return workbook.SheetNames.map((sheet) => {
    const ws = workbook.Sheets[sheet];
    if (!ws?.['!ref']) return { sheet, rows: [] };
    const firstRow = xlsx.utils.decode_range(ws['!ref']).s.r;
    const matrix = xlsx.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null, blankrows: true });
    const rows = matrix.map((cells, i) => ({ line: firstRow + i + 1, cells: cells.map(toCell) }));
    return { sheet, rows };
  });
}

function toCell(value: unknown): SheetRow['cells'][number] {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) {
    return value;
  }
  return String(value);
}
