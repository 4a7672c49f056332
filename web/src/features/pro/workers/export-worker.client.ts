// The one typed handle on the export worker: started on first use, terminated when idle (ADR 142).
import { idleWorker } from './idle-worker';
import type { ExportedFile, ExportWorkerApi, GroupExportRequest } from './export-worker.api';

const worker = idleWorker<ExportWorkerApi>(
  () => new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'pro-export' }),
);

/** The group's .xlsx, written off the main thread from the rows the table priced. */
export function exportGroupInWorker(request: GroupExportRequest): Promise<ExportedFile> {
  return worker.call((remote) => remote.exportGroup(request));
}
