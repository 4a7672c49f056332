// One file from the pharmacist to the import preview: checks, then the right reader, then the shared
// table analysis. Pure (no DOM, no network): it runs in the import worker, in tests and in the bench.
import { analyseTable } from '@pharmaradar/shared/import-table';
import { readCsvRows } from './csv-read';
import { decodeText } from './decode-text';
import { checkImportFile } from './import-file-checks';
import { failedImport, type ImportResult } from './import-result';
import { readSheetTables, type SheetJs } from './sheet-read';

export type { ImportResult } from './import-result';

export function readImportFile(xlsx: SheetJs, fileName: string, bytes: Uint8Array): ImportResult {
  const checked = checkImportFile(fileName, bytes);
  if (!checked.ok) return failedImport(checked.error);
  const base = { fileName, format: checked.format, encoding: null, delimiter: null, sheet: null };

  if (checked.content === 'text') {
    const { text, encoding } = decodeText(bytes);
    const { rows, delimiter } = readCsvRows(text);
    return { ...analyseTable(rows), source: { ...base, encoding, delimiter } };
  }

  let tables;
  try {
    tables = readSheetTables(xlsx, bytes);
  } catch {
    return failedImport('unreadable', base);
  }
  // The first sheet that holds CNKs; a workbook often opens on a cover or notes sheet.
  let first: ImportResult | null = null;
  for (const table of tables) {
    const result = { ...analyseTable(table.rows), source: { ...base, sheet: table.sheet } };
    if (result.ok) return result;
    first ??= result;
  }
  return first ?? failedImport('no_valid_cnk', base);
}
