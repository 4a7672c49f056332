import type { Logger } from '../lib/log';
import type { RepeatingJob } from '../lib/repeating-job';

/**
 * Runs each job started, at once or after its first delay, then `everyMs` after each run ends: a run
 * never overlaps the one before, and one bad run neither stops the server nor the next run. A first
 * run that is due now runs inside start() (the purges finish before the server answers). stop() clears
 * every timer and waits for the runs in flight, so the database is never closed under one.
 */
export function createJobScheduler(log: Logger) {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const started: string[] = [];
  let stopped = false;

  const failed = (job: RepeatingJob, error: unknown) =>
    log.error(`${job.name} failed`, { error: error instanceof Error ? error.message : String(error) });

  /** Runs the job once; answers when it has ended (at once for a synchronous job). */
  function runSafely(job: RepeatingJob): Promise<void> | undefined {
    let result: unknown;
    try {
      result = job.run();
    } catch (error) {
      failed(job, error);
      return undefined;
    }
    if (!(result instanceof Promise)) return undefined;
    const settled: Promise<void> = result.then(
      () => undefined,
      (error: unknown) => failed(job, error),
    );
    const tracked = settled.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return tracked;
  }

  function runThenWait(job: RepeatingJob): void {
    const running = runSafely(job);
    if (running) void running.then(() => wait(job, job.everyMs));
    else wait(job, job.everyMs);
  }

  function wait(job: RepeatingJob, delayMs: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      runThenWait(job);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  return {
    start(job: RepeatingJob): void {
      if (stopped || job.everyMs <= 0) return;
      started.push(job.name);
      const firstRunInMs = job.firstRunInMs?.() ?? 0;
      if (firstRunInMs > 0) wait(job, firstRunInMs);
      else runThenWait(job);
    },
    /** The names of the jobs started, in order (the start-up log line and the tests read them). */
    jobs: (): readonly string[] => [...started],
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...inFlight]);
    },
  };
}
