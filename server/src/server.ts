import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { createApp, type ComposedApp } from './app';
import { LIVE_CATALOGUE, type AppDeps } from './app-deps';
import type { Env } from './config/env';
import { closeDatabase, openDatabase, type Db } from './db/database';
import { databaseFile } from './db/cli-database';
import { migrate } from './db/migrate';
import { corruptionMessage, DatabaseCorruptError, isCorruptionError, quickCheck } from './db/integrity';
import { drain, HTTP_TIMEOUTS, listen, type HttpTimeouts } from './lib/http-server';
import { createLogger, type Logger } from './lib/log';
import { createMailer } from './lib/mailer';
import { createPurgeJob } from './jobs/purge.job';
import { createPriceHistoryPurgeJob } from './jobs/price-history-purge.job';
import { createBackupJob } from './jobs/backup.job';
import { createRetailerAlarmJob } from './jobs/retailer-alarm.job';
import { createJobScheduler } from './jobs/repeating-job';
import { securePrivateFiles } from './config/private-files';
import { checkLiveCheckout } from './config/live-checkout';
import { startRetailers } from './retailers/start-retailers';
import { demoShops } from './demo/demo-shops';
import { startDemoStripe } from './demo/stripe/demo-stripe';
import { createDemoClock } from './demo/demo-clock';
import { demoCatalogueAdapters } from './demo/demo-adapters';
import { stripeTargetFromEnv } from './features/billing/billing.module';

export { DATABASE_FILE_NAME } from './db/cli-database';

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to the drain timeout), then closes the database. */
  close(): Promise<void>;
  /** The node:http server (tests check its timeouts and connections). */
  httpServer: Server;
  /** The dependencies the app runs with (tests read the database through deps.db). */
  deps: AppDeps;
  /** The composed app (tests walk app.routes, e.g. to check every unsafe route needs CSRF). */
  app: Hono;
  /** One pass of the price alerts' checks, as the alerts job runs it (tests call it). */
  alertChecks: ComposedApp['alertChecks'];
  pushDeliveries: ComposedApp['pushDeliveries'];
  /** One pass of the market refresh job now, as its job runs it (`npm run market:refresh`, tests). */
  marketRefresh: ComposedApp['marketRefresh'];
  /** Waits for the account work done after the answers (tests wait for it instead of polling). */
  pendingMails: ComposedApp['pendingMails'];
  /** The names of the repeating jobs started through the job scheduler. */
  jobs(): readonly string[];
}

export interface StartOptions {
  log?: Logger;
  now?: () => number;
  /** Tests only, passed through to createApp (see AppDeps.extraRoutes). */
  extraRoutes?: AppDeps['extraRoutes'];
  htmlTransformers?: AppDeps['htmlTransformers'];
  /** How long close() waits for in-flight requests before cutting their connections (tests shorten it). */
  drainTimeoutMs?: number;
  /**
   * Whether this process runs the repeating jobs (default true). In a cluster only one worker does
   * (WEB_CONCURRENCY, ADR 177): two would back up, purge and mail alerts twice.
   */
  jobs?: boolean;
  /** Overrides of HTTP_TIMEOUTS (tests shorten them to watch slow clients being cut off). */
  httpTimeouts?: Partial<HttpTimeouts>;
}

export const DRAIN_TIMEOUT_MS = 10_000;

export async function startServer(env: Env, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  checkLiveCheckout(env, log);
  const dbFile = databaseFile(env);
  // Before SQLite opens anything: umask 077, and DATA_DIR, outbox, backups and db files narrowed.
  const privateDirs = [env.BACKUP_DIR, ...(env.SMTP_URL ? [] : [env.MAIL_OUTBOX_DIR])];
  for (const repair of securePrivateFiles({ dataDir: env.DATA_DIR, dirs: privateDirs, dbFile })) {
    log.warn('permissions too wide, narrowed', { ...repair });
  }
  const db = openCheckedDatabase(dbFile, env.BACKUP_DIR);
  /** Cleanup steps run by close() in reverse order (demo sites register theirs here). */
  const closers: Array<() => void | Promise<void>> = [() => closeDatabase(db)];
  try {
    migrate(db, { log });
  } catch (error) {
    closeDatabase(db);
    throw error;
  }
  const mailer = createMailer(env, log.child({ component: 'mailer' }));
  closers.push(() => mailer.close());
  const runClosers = async () => {
    for (const step of closers.reverse()) {
      try {
        await step();
      } catch (error) {
        log.error('shutdown step failed', { error });
      }
    }
  };

  // Demo mode with DEMO_CONTROLS: a clock that staff move on by days at /__demo/clock. Only the demo
  // prices and what follows them read it; limits, paces, sessions and quotas keep `now` (ADR 122).
  const now = options.now ?? Date.now;
  const demoClock = env.RETAILERS_MODE === 'demo' && env.DEMO_CONTROLS ? createDemoClock(now) : null;
  const pricesNow = demoClock?.now ?? now;

  // --- outside services: the real ones, or their demo stand-ins, chosen here once (ADR 145) ---
  // Mails staff when a shop's failures pass the alarm threshold, and when it recovers (ADR 136); a
  // refused feed import raises it at once (ADR 179).
  const alarmJob = createRetailerAlarmJob({
    db,
    mailer,
    log: log.child({ job: 'retailer-alarm' }),
    now,
    publicUrl: env.PUBLIC_URL,
    shopNames: env.RETAILER_NAMES,
  });
  const feedImportEnded = () => {
    Promise.resolve(alarmJob.run()).catch((error: unknown) => log.error('retailer alarm failed', { error }));
  };
  let deps: AppDeps;
  try {
    // RETAILERS_MODE=demo starts the demo retailer sites and points the connectors at them.
    const retailers = await startRetailers(env, demoShops, pricesNow);
    closers.push(() => retailers.close());
    // No Stripe configured: the local look-alike stands in (docs/architecture.md#running-modes), on the real clock.
    const stripe = stripeTargetFromEnv(env);
    const demoStripe = stripe
      ? null
      : await startDemoStripe({ publicUrl: env.PUBLIC_URL, nowS: () => Math.floor(now() / 1000) });
    if (demoStripe) closers.push(() => demoStripe.close());
    deps = {
      env,
      db,
      mailer,
      log,
      now,
      pricesNow,
      demoClock,
      connectors: retailers.connectors,
      demoRetailers: retailers.demo,
      // Demo mode: the demo catalogue fills the features' catalogue ports (EAN lookup, landing
      // pages, past prices, the map's pharmacies); live mode has none yet.
      ...(retailers.demo ? demoCatalogueAdapters(env, retailers.demo) : LIVE_CATALOGUE),
      stripe: stripe ?? demoStripe?.target ?? null,
      demoStripe,
      extraRoutes: options.extraRoutes,
      htmlTransformers: options.htmlTransformers,
      feedImportEnded,
    };
  } catch (error) {
    // Same cleanup as any other start-up failure: mailer, demo sites and database are released.
    await runClosers();
    throw error;
  }
  // --- end outside services ---

  // Every repeating job runs through this one scheduler; on shutdown it stops first and waits for
  // the runs in flight, before the outside services and the database close (ADR 144).
  const scheduler = createJobScheduler(log.child({ component: 'jobs' }));
  closers.push(() => scheduler.stop());
  // Another process runs them: a stopped scheduler starts nothing.
  if (options.jobs === false) await scheduler.stop();
  // Purges closed accounts, expired sessions and old codes now and then daily (docs/product.md#constants: ≤ 30 days).
  scheduler.start(createPurgeJob({ db, log: log.child({ job: 'purge' }), now }));
  // Price history older than PRICE_HISTORY_DAYS goes at start-up and daily.
  scheduler.start(
    createPriceHistoryPurgeJob({
      db,
      log: log.child({ job: 'price-history-purge' }),
      now,
      retentionDays: env.PRICE_HISTORY_DAYS,
    }),
  );
  scheduler.start(
    createBackupJob(
      { db, dir: env.BACKUP_DIR, keepDays: env.BACKUP_KEEP_DAYS, log: log.child({ job: 'backup' }), now },
      env.BACKUP_INTERVAL_H,
    ),
  );
  scheduler.start(alarmJob);

  let composed: ComposedApp;
  let server: Server;
  try {
    composed = createApp(deps);
    server = await listen(composed.app.fetch, env, log, { ...HTTP_TIMEOUTS, ...options.httpTimeouts });
  } catch (error) {
    // e.g. EADDRINUSE: release the database, timers and demo sites so the caller can exit cleanly.
    await runClosers();
    throw error;
  }
  // The jobs the modules own, e.g. the price alerts' checks every ALERTS_CHECK_INTERVAL_MIN (0: off).
  for (const job of composed.jobs) scheduler.start(job);
  const port = (server.address() as AddressInfo).port;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  deps.demoStripe?.setWebhookUrl(`${url}/api/billing/webhook/`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await drain(server, options.drainTimeoutMs ?? DRAIN_TIMEOUT_MS, log);
      await runClosers();
    })());

  return {
    url,
    port,
    close,
    httpServer: server,
    deps,
    app: composed.app,
    alertChecks: composed.alertChecks,
    pushDeliveries: composed.pushDeliveries,
    marketRefresh: composed.marketRefresh,
    pendingMails: composed.pendingMails,
    jobs: scheduler.jobs,
  };
}

/**
 * Opens the database and runs a quick integrity check before anything is served: a file with damaged
 * pages would start, answer reads and fail most writes. It is refused, naming the file and the
 * restore command (ADR 124).
 */
function openCheckedDatabase(dbFile: string, backupDir: string): Db {
  let db: Db;
  try {
    db = openDatabase(dbFile);
  } catch (error) {
    if (isCorruptionError(error)) {
      throw new DatabaseCorruptError(corruptionMessage(dbFile, backupDir, (error as Error).message));
    }
    throw error;
  }
  const integrity = quickCheck(db);
  if (integrity !== 'ok') {
    // No checkpoint on the way out: nothing more is written into a damaged file.
    db.close();
    throw new DatabaseCorruptError(corruptionMessage(dbFile, backupDir, integrity));
  }
  return db;
}
