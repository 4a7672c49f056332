// The import worker: SheetJS and papaparse run here, off the main thread. The file is precached, not
// loaded by any page until a pharmacist first imports: the Pro tool imports offline too (ADR 085).
import { expose } from 'comlink';
import { importWorkerApi } from './import-worker.api';

expose(importWorkerApi);
