// The import worker: SheetJS and papaparse run here, off the main thread. The file is cached when the
// Pro page first opens online, not loaded until a pharmacist first imports: the Pro tool imports
// offline too (ADR 085, ADR 165).
import { expose } from 'comlink';
import { importWorkerApi } from './import-worker.api';

expose(importWorkerApi);
