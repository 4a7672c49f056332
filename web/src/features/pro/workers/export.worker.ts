// The export worker: the priced group's .xlsx is written here, SheetJS off the main thread. The
// export's bytes are transferred, not copied.
import { expose, transfer } from 'comlink';
import { exportWorkerApi, type ExportWorkerApi } from './export-worker.api';

const api: ExportWorkerApi = {
  exportGroup(request) {
    const file = exportWorkerApi.exportGroup(request);
    return transfer(file, [file.bytes.buffer]);
  },
};

expose(api);
