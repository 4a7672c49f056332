// The one typed handle on the import worker: started on first use, terminated when idle (ADR 142).
import { transfer } from 'comlink';
import { failedImport, type ImportResult } from '../import/import-result';
import { MAX_IMPORT_BYTES } from '../import/import-file-checks';
import { idleWorker } from './idle-worker';
import type { ImportWorkerApi } from './import-worker.api';

const worker = idleWorker<ImportWorkerApi>(
  () => new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'pro-import' }),
);

/** Reads a dropped file in the worker; an oversized one is refused before it is loaded in memory. */
export async function readImportFileInWorker(file: File): Promise<ImportResult> {
  if (file.size > MAX_IMPORT_BYTES) return failedImport('too_large');
  const bytes = new Uint8Array(await file.arrayBuffer());
  return worker.call((remote) => remote.readFile(file.name, transfer(bytes, [bytes.buffer])));
}
