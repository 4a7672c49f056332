// What the import worker exposes: plain functions on plain data, tested directly and through comlink.
import * as XLSX from 'xlsx';
import { readImportFile, type ImportResult } from '../import/read-import-file';

export const importWorkerApi = {
  /** The preview of one dropped file (.xlsx, .xls, .ods, .csv, .txt); nothing is saved. */
  readFile(fileName: string, bytes: Uint8Array): ImportResult {
    return readImportFile(XLSX, fileName, bytes);
  },
};

export type ImportWorkerApi = typeof importWorkerApi;
