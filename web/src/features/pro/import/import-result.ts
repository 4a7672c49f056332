// The import preview as it crosses the worker boundary. Types and one constructor, so the page side
// can name them without pulling the parsers (papaparse, SheetJS) into its bundle.
import { emptyPreview, type ImportPreview, type ImportTableError } from '@pharmaradar/shared/import-table';
import type { Delimiter } from './csv-read';
import type { TextEncodingName } from './decode-text';
import type { ImportFileError, ImportFormat } from './import-file-checks';

export type ImportSource = {
  fileName: string;
  format: ImportFormat;
  encoding: TextEncodingName | null;
  delimiter: Delimiter | null;
  sheet: string | null;
};

export type ImportErrorCode = ImportTableError | ImportFileError | 'unreadable';

export type ImportResult = Omit<ImportPreview, 'error'> & {
  error: ImportErrorCode | null;
  source: ImportSource | null;
};

/** A result that only carries an error (also used by the client for checks it can make before reading). */
export function failedImport(error: ImportErrorCode, source: ImportSource | null = null): ImportResult {
  return { ...emptyPreview(error), source };
}
