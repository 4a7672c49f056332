// The browser's first Intl call loads ICU's data (ADR 184): about 60 ms at once on a slow phone, a
// task nobody can type through. Chromium keeps that data for the whole page process, so a worker can
// pay it off the main thread. Elsewhere the worker changes nothing and `warmIntl` pays as before.

/** Past this the app goes on without the worker (a slow download, an engine without module workers). */
export const WARM_INTL_WORKER_MAX_MS = 3_000;

/** What the client needs of a `Worker`, so a test can hand it one that answers or fails at will. */
export type WarmIntlEndpoint = Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener'>;

const startWorker = (): WarmIntlEndpoint =>
  new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module', name: 'warm-intl' });

/**
 * Resolves once a worker has loaded `intlLocale`'s data, failed, or taken longer than `maxMs`; never
 * rejects. The worker is ended as soon as it answers.
 */
export function warmIntlOffThread(
  intlLocale: string,
  start: () => WarmIntlEndpoint = startWorker,
  maxMs = WARM_INTL_WORKER_MAX_MS,
): Promise<void> {
  if (typeof Worker === 'undefined' && start === startWorker) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let worker: WarmIntlEndpoint | null = null;
    const done = () => {
      clearTimeout(timer);
      worker?.terminate();
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    try {
      worker = start();
      worker.addEventListener('message', done);
      worker.addEventListener('error', done);
      worker.postMessage(intlLocale);
    } catch {
      done();
    }
  });
}
