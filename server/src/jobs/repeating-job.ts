import type { Logger } from '../lib/log';

/**
 * A synchronous job run at start-up and then every `intervalMs`: a failure is logged, never thrown,
 * so one bad run neither stops the server nor the next run. stop() on shutdown.
 */
export function createRepeatingJob<T>(run: () => T, log: Logger, failure: string, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const runSafely = (): T | undefined => {
    try {
      return run();
    } catch (error) {
      log.error(failure, { error: (error as Error).message });
      return undefined;
    }
  };
  return {
    runOnce: runSafely,
    start(): void {
      if (timer) return;
      runSafely();
      timer = setInterval(runSafely, intervalMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
