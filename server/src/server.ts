import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import type { ComposedApp } from './app';
import type { AppDeps } from './app-deps';
import { composeApp, type ComposeOptions } from './compose';
import type { Env } from './config/env';
import { drain, HTTP_TIMEOUTS, listen, type HttpTimeouts } from './lib/http-server';
import { createLogger } from './lib/log';
import { createJobScheduler } from './jobs/repeating-job';

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

export interface StartOptions extends Omit<ComposeOptions, 'checkout'> {
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

/**
 * The composed app (compose.ts) served: the HTTP listener and the job scheduler are all this adds
 * (ADR 252). The server takes payments, so its composition includes the checkout.
 */
export async function startServer(env: Env, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const composed = await composeApp(env, {
    log,
    checkout: true,
    ...(options.now ? { now: options.now } : {}),
    extraRoutes: options.extraRoutes,
    htmlTransformers: options.htmlTransformers,
  });

  // Every repeating job runs through this one scheduler; on shutdown it stops first and waits for
  // the runs in flight, before the outside services and the database close (ADR 144).
  const scheduler = createJobScheduler(log.child({ component: 'jobs' }));
  const stopJobsThenClose = async () => {
    await scheduler.stop();
    await composed.close();
  };
  // Another process runs them: a stopped scheduler starts nothing.
  if (options.jobs === false) await scheduler.stop();
  // The purges' first runs end here, before the server answers.
  for (const job of composed.upkeep) scheduler.start(job);

  let server: Server;
  try {
    server = await listen(composed.app.fetch, env, log, { ...HTTP_TIMEOUTS, ...options.httpTimeouts });
  } catch (error) {
    // e.g. EADDRINUSE: release the database, timers and demo sites so the caller can exit cleanly.
    await stopJobsThenClose();
    throw error;
  }
  // The jobs the modules own, e.g. the price alerts' checks every ALERTS_CHECK_INTERVAL_MIN (0: off).
  for (const job of composed.jobs) scheduler.start(job);
  const port = (server.address() as AddressInfo).port;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  composed.deps.demoStripe?.setWebhookUrl(`${url}/api/billing/webhook/`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await drain(server, options.drainTimeoutMs ?? DRAIN_TIMEOUT_MS, log);
      await stopJobsThenClose();
    })());

  return {
    url,
    port,
    close,
    httpServer: server,
    deps: composed.deps,
    app: composed.app,
    alertChecks: composed.alertChecks,
    pushDeliveries: composed.pushDeliveries,
    marketRefresh: composed.marketRefresh,
    pendingMails: composed.pendingMails,
    jobs: scheduler.jobs,
  };
}
