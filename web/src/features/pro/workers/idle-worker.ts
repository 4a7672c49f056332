// A worker started on first use and ended after an idle spell (ADR 142). SheetJS inside a Pro worker
// holds megabytes of memory that an open Pro tab should not keep between two imports or exports; the
// next call starts a fresh worker (its script is kept by the service worker, ADR 085, ADR 165). A worker is never ended while a
// call is under way: comlink would wait for its answer forever.
import { wrap, type Endpoint, type Remote } from 'comlink';

/** How long a Pro worker may sit unused before it is terminated. */
export const WORKER_IDLE_MS = 60_000;

/** What `start` gives back: a `Worker` in the app, any comlink endpoint that can be ended in tests. */
export type WorkerEndpoint = Endpoint & { terminate(): void };

export function idleWorker<T>(start: () => WorkerEndpoint, idleMs = WORKER_IDLE_MS) {
  let current: { endpoint: WorkerEndpoint; remote: Remote<T> } | null = null;
  let calls = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const end = () => {
    timer = null;
    if (calls > 0 || !current) return;
    current.endpoint.terminate();
    current = null;
  };

  return {
    /** Runs `run` on the worker, starting it if needed; the idle clock restarts when no call is left. */
    async call<R>(run: (remote: Remote<T>) => Promise<R>): Promise<R> {
      if (timer) clearTimeout(timer);
      timer = null;
      if (!current) {
        const endpoint = start();
        current = { endpoint, remote: wrap<T>(endpoint) };
      }
      calls += 1;
      try {
        return await run(current.remote);
      } finally {
        calls -= 1;
        if (calls === 0) timer = setTimeout(end, idleMs);
      }
    },
  };
}
