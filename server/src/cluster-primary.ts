import cluster, { type Worker } from 'node:cluster';
import type { Env } from './config/env';
import type { Logger } from './lib/log';

/**
 * Several server processes on one port (WEB_CONCURRENCY > 1, ADR 177). The primary serves nothing:
 * it forks the workers (node:cluster hands them connections in turn), forks again a worker that
 * dies, and on SIGTERM/SIGINT tells every worker to shut down cleanly, then exits 0 once all did.
 * What the workers must share (limits, coalescing, webhook order) lives in SQLite; the repeating jobs
 * run in one worker only, the one forked with the jobs role (and its replacement).
 */

/** Set by the primary in the environment of the one worker that runs the repeating jobs. */
export const JOBS_ROLE_VARIABLE = 'PHARMARADAR_WORKER_JOBS';
/** The message a worker sends once it listens, with its URL (the address the primary sees may differ). */
export const LISTENING_MESSAGE = 'pharmaradar:listening';
/** The message a worker receives to shut down (a signal may also reach it directly from the terminal). */
export const SHUTDOWN_MESSAGE = 'pharmaradar:shutdown';

const RESTART_DELAY_MS = 1000;

/**
 * Why this configuration must stay in one process, or null. The demo Stripe look-alike and the demo
 * clock keep their state in the memory of the process that started them.
 */
export function singleProcessReason(env: Env): string | null {
  if (!env.STRIPE_SECRET_KEY) return 'the Stripe look-alike (no STRIPE_* keys) keeps its state in one process';
  if (env.RETAILERS_MODE === 'demo' && env.DEMO_CONTROLS) return 'the demo clock (DEMO_CONTROLS) lives in one process';
  return null;
}

export function runPrimary(env: Env, log: Logger): void {
  const count = env.WEB_CONCURRENCY;
  let stopping = false;
  let listening = 0;
  let announced = false;

  const fork = (jobs: boolean): Worker => {
    const worker = cluster.fork(jobs ? { [JOBS_ROLE_VARIABLE]: '1' } : {});
    const startedAt = Date.now();
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null) return;
      const { type, url } = message as { type?: unknown; url?: unknown };
      if (type !== LISTENING_MESSAGE || typeof url !== 'string') return;
      worker.off('message', onMessage);
      listening += 1;
      // The first worker has migrated the database alone; the others start after it (ADR 177).
      if (jobs && !announced) for (let i = 1; i < count; i++) fork(false);
      if (!announced && listening >= count) {
        announced = true;
        log.info('PharmaRadar listening', {
          url,
          publicUrl: env.PUBLIC_URL,
          mode: env.RETAILERS_MODE,
          processes: count,
        });
      }
    };
    worker.on('message', onMessage);
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      if (!announced && Date.now() - startedAt < 60_000 && code !== 0) {
        // A worker that cannot even start (bad port, broken database): the others would fail alike.
        log.error('server failed to start', { worker: worker.process.pid, code });
        stopAll(1);
        return;
      }
      listening -= 1;
      log.error('worker died, starting another', { worker: worker.process.pid, code, signal, jobs });
      setTimeout(() => {
        if (!stopping) fork(jobs);
      }, RESTART_DELAY_MS).unref();
    });
    return worker;
  };

  const stopAll = (exitCode: number) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let failed = exitCode !== 0;
    let left = workers.length;
    if (left === 0) process.exit(exitCode);
    for (const worker of workers) {
      worker.once('exit', (code) => {
        if (code !== 0) failed = true;
        left -= 1;
        if (left === 0) {
          log.info('stopped');
          process.exit(failed ? 1 : 0);
        }
      });
      if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
      else worker.process.kill('SIGTERM');
    }
  };

  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // The same signal sent to the process and to its group (timeout, some supervisors) counts once.
    if (stopping && Date.now() - firstSignalAt < 1000) return;
    if (stopping) {
      log.warn('second signal, exiting now', { signal });
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    firstSignalAt = Date.now();
    log.info('shutting down', { signal, processes: count });
    stopAll(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  fork(true);
}
