// The one typed handle on the pricing worker, started on first use.
import { wrap, type Remote } from 'comlink';
import type { PricingWorkerApi } from './pricing-worker.api';

let remote: Remote<PricingWorkerApi> | null = null;

export function pricingWorker(): Remote<PricingWorkerApi> {
  remote ??= wrap<PricingWorkerApi>(
    new Worker(new URL('./pricing.worker.ts', import.meta.url), { type: 'module', name: 'pro-pricing' }),
  );
  return remote;
}
