import { createApp, type ComposedApp } from './app';
import { LIVE_CATALOGUE, type AppDeps } from './app-deps';
import type { Env } from './config/env';
import { closeDatabase, openDatabase, type Db } from './db/database';
import { databaseFile } from './db/cli-database';
import { migrate } from './db/migrate';
import { corruptionMessage, DatabaseCorruptError, isCorruptionError, quickCheck } from './db/integrity';
import { createLogger, type Logger } from './lib/log';
import { createMailer } from './lib/mailer';
import type { RepeatingJob } from './lib/repeating-job';
import { createPurgeJob } from './jobs/purge.job';
import { createPriceHistoryPurgeJob } from './jobs/price-history-purge.job';
import { createBackupJob } from './jobs/backup.job';
import { createRetailerAlarmJob } from './jobs/retailer-alarm.job';
import { securePrivateFiles } from './config/private-files';
import { checkLiveCheckout } from './config/live-checkout';
import { startRetailers } from './retailers/start-retailers';
import { demoShops } from './demo/demo-shops';
import { startDemoStripe } from './demo/stripe/demo-stripe';
import { createDemoClock } from './demo/demo-clock';
import { demoCatalogueAdapters } from './demo/demo-adapters';
import { stripeTargetFromEnv } from './features/billing/billing.module';

export interface ComposeOptions {
  log?: Logger;
  now?: () => number;
  /**
   * Whether the app takes payments: the server does (live mode then needs Stripe, ADR 123, and without
   * STRIPE_* the local look-alike starts on a loopback port). A pass of a job run from the command line
   * takes none: billing is left out, and with it that port.
   */
  checkout: boolean;
  /** Tests only, passed through to createApp (see AppDeps.extraRoutes). */
  extraRoutes?: AppDeps['extraRoutes'];
  htmlTransformers?: AppDeps['htmlTransformers'];
}

/** The app composed and not served: what server.ts listens with, and what a command-line pass runs. */
export interface Composition extends ComposedApp {
  /** The dependencies the app runs with (tests read the database through deps.db). */
  deps: AppDeps;
  /**
   * The jobs that keep the data and the shops in order: the purges, the backup, the shop alarm. The
   * server starts them before it answers; the modules' own jobs are in `jobs`.
   */
  upkeep: readonly RepeatingJob[];
  /** Releases what the composition opened, last opened first: demo sites, mailer, then the database. */
  close(): Promise<void>;
}

/**
 * The composition root (ADR 144, 252): opens and migrates DATA_DIR's database, builds the logger, the
 * mailer and the outside services (the shops or the demo shops, Stripe or its look-alike), hands them
 * to createApp as AppDeps. It listens on nothing and starts no job: server.ts adds the HTTP listener and
 * the job scheduler; `npm run alerts:check` and `npm run market:refresh` run one pass and close it.
 */
export async function composeApp(env: Env, options: ComposeOptions): Promise<Composition> {
  const log = options.log ?? createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  if (options.checkout) checkLiveCheckout(env, log);
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
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const step of closers.reverse()) {
        try {
          await step();
        } catch (error) {
          log.error('shutdown step failed', { error });
        }
      }
    })());

  // Demo mode with DEMO_CONTROLS: a clock that staff move on by days at /__demo/clock. Only the demo
  // prices and what follows them read it; limits, paces, sessions and quotas keep `now` (ADR 122).
  const now = options.now ?? Date.now;
  const demoClock = env.RETAILERS_MODE === 'demo' && env.DEMO_CONTROLS ? createDemoClock(now) : null;
  const pricesNow = demoClock?.now ?? now;

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

  try {
    // --- outside services: the real ones, or their demo stand-ins, chosen here once (ADR 145) ---
    // RETAILERS_MODE=demo starts the demo retailer sites and points the connectors at them.
    const retailers = await startRetailers(env, demoShops, pricesNow);
    closers.push(() => retailers.close());
    // No Stripe configured: the local look-alike stands in (docs/architecture.md#running-modes), on the real clock.
    const stripe = options.checkout ? stripeTargetFromEnv(env) : null;
    const demoStripe =
      stripe || !options.checkout
        ? null
        : await startDemoStripe({ publicUrl: env.PUBLIC_URL, nowS: () => Math.floor(now() / 1000) });
    if (demoStripe) closers.push(() => demoStripe.close());
    // --- end outside services ---
    const deps: AppDeps = {
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
    const upkeep: RepeatingJob[] = [
      // Purges closed accounts, expired sessions and old codes now and then daily (docs/product.md#constants: ≤ 30 days).
      createPurgeJob({ db, log: log.child({ job: 'purge' }), now }),
      // Price history older than PRICE_HISTORY_DAYS goes at start-up and daily.
      createPriceHistoryPurgeJob({
        db,
        log: log.child({ job: 'price-history-purge' }),
        now,
        retentionDays: env.PRICE_HISTORY_DAYS,
      }),
      createBackupJob(
        { db, dir: env.BACKUP_DIR, keepDays: env.BACKUP_KEEP_DAYS, log: log.child({ job: 'backup' }), now },
        env.BACKUP_INTERVAL_H,
      ),
      alarmJob,
    ];
    return { ...createApp(deps), deps, upkeep, close };
  } catch (error) {
    // Same cleanup as any other start-up failure: mailer, demo sites and database are released.
    await close();
    throw error;
  }
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
