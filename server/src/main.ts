import { EnvError, loadEnvOrExit } from './config/env';
import { PrivateFileError } from './config/private-files';
import { MigrationError } from './db/migrate';
import { DatabaseCorruptError } from './db/integrity';
import { createLogger } from './lib/log';
import { startServer } from './server';

/** Entry point: `npm start` (through scripts/start.mjs) and `tsx server/src/main.ts`. */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });

  // Last resort: a bug in one request must not take the service down for everyone.
  process.on('unhandledRejection', (reason) => log.error('unhandled promise rejection', { error: reason }));
  process.on('uncaughtException', (error) => log.error('uncaught exception', { error }));

  let running;
  try {
    running = await startServer(env, { log });
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
  log.info('PharmaRadar listening', {
    url: running.url,
    publicUrl: env.PUBLIC_URL,
    mode: env.RETAILERS_MODE,
    mail: env.SMTP_URL ? 'smtp' : `outbox ${env.MAIL_OUTBOX_DIR}`,
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
}

void main();
