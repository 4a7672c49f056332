import cluster from 'node:cluster';
import { EnvError, loadEnvOrExit } from './config/env';
import { PrivateFileError } from './config/private-files';
import { MigrationError } from './db/migrate';
import { DatabaseCorruptError } from './db/integrity';
import { createLogger } from './lib/log';
import { startServer } from './server';
import {
  JOBS_ROLE_VARIABLE,
  LISTENING_MESSAGE,
  runPrimary,
  SHUTDOWN_MESSAGE,
  singleProcessReason,
} from './cluster-primary';

/** Entry point: `npm start` (through scripts/start.mjs) and `tsx server/src/main.ts`. */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });

  // Last resort: a bug in one request must not take the service down for everyone.
  process.on('unhandledRejection', (reason) => log.error('unhandled promise rejection', { error: reason }));
  process.on('uncaughtException', (error) => log.error('uncaught exception', { error }));

  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    const reason = singleProcessReason(env);
    if (!reason) return runPrimary(env, log);
    log.warn('WEB_CONCURRENCY ignored: one process', { reason });
  }
  // In a cluster, one worker runs the repeating jobs (cluster-primary.ts); a single process runs them all.
  const worker = cluster.isWorker;
  const jobs = !worker || process.env[JOBS_ROLE_VARIABLE] === '1';

  // The primary's word to shut down may come while this worker still starts: it is kept for then.
  let shutdownAsked = false;
  let onShutdown = () => {
    shutdownAsked = true;
  };
  process.on('message', (message) => {
    if (message === SHUTDOWN_MESSAGE) onShutdown();
  });

  let running;
  try {
    running = await startServer(env, { log, jobs });
  } catch (error) {
    const known =
      error instanceof MigrationError ||
      error instanceof EnvError ||
      error instanceof DatabaseCorruptError ||
      error instanceof PrivateFileError ||
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    log.error('server failed to start', { error: known ? (error as Error).message : error });
    process.exit(1);
  }
  // In a cluster the primary announces the URL once every worker listens.
  log.info(worker ? 'worker listening' : 'PharmaRadar listening', {
    url: running.url,
    publicUrl: env.PUBLIC_URL,
    mode: env.RETAILERS_MODE,
    mail: env.SMTP_URL ? 'smtp' : `outbox ${env.MAIL_OUTBOX_DIR}`,
    ...(worker ? { pid: process.pid } : {}),
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn('second signal, exiting now', { signal });
      process.exit(1);
    }
    stopping = true;
    log.info('shutting down', { signal });
    running.close().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (worker) process.send?.({ type: LISTENING_MESSAGE, url: running.url });
  // A no-op when a signal from the terminal already started the shutdown.
  onShutdown = () => {
    if (!stopping) stop('SIGTERM');
  };
  if (shutdownAsked) onShutdown();
}

void main();
