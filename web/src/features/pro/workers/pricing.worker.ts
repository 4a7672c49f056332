// The pricing worker: cards for a whole group and the .xlsx export, off the main thread. The export's
// bytes are transferred, not copied.
import { expose, transfer } from 'comlink';
import { pricingWorkerApi, type PricingWorkerApi } from './pricing-worker.api';

const api: PricingWorkerApi = {
  ...pricingWorkerApi,
  exportGroup(request) {
    const file = pricingWorkerApi.exportGroup(request);
    return transfer(file, [file.bytes.buffer]);
  },
};

expose(api);
