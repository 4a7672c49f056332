// The import worker: SheetJS and papaparse run here, off the main thread, and load with this file
// only when a pharmacist first imports (kept out of the first screen's precache, vite.config.ts).
import { expose } from 'comlink';
import { importWorkerApi } from './import-worker.api';

expose(importWorkerApi);
