import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { loadEnv, type Env } from '../../src/config/env';
import type { Db } from '../../src/db/database';
import { createLogger, type Logger } from '../../src/lib/log';
import { startServer, type RunningServer, type StartOptions } from '../../src/server';
import type { AppDeps } from '../../src/app-deps';
import { readOutboxDir, type OutboxMail } from '../fakes/outbox';

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  env: Env;
  db: Db;
  /** The composed Hono app (route table checks). */
  app: Hono;
  /** The app's dependencies (e.g. deps.demoStripe, the local Stripe look-alike). */
  deps: AppDeps;
  /** One pass of the price alerts' checks, as their job runs it. */
  alertChecks: RunningServer['alertChecks'];
  pushDeliveries: RunningServer['pushDeliveries'];
  /** One pass of the market refresh job, as the job runs it. */
  marketRefresh: RunningServer['marketRefresh'];
  /** Resolves once the account work done after the answers (rows, codes, mails) has all finished. */
  pendingMails: RunningServer['pendingMails'];
  /** The names of the repeating jobs the server started. */
  jobs(): readonly string[];
  close(): Promise<void>;
  /** Mails written so far (outbox mode), oldest first. */
  readOutbox(): OutboxMail[];
  /** Every log line the server wrote (LOG_LEVEL debug), to assert nothing secret is logged. */
  logs(): string[];
}

export interface TestServerOptions {
  /** Registers test-only routes, e.g. one that throws. */
  extraRoutes?: (app: Hono) => void;
  now?: () => number;
  htmlTransformers?: StartOptions['htmlTransformers'];
  /** Also print the server's log lines (debugging a test). */
  printLogs?: boolean;
}

/** A tiny stand-in for web/dist so server tests never depend on a vite build. */
export function createFakeWebDist(dir: string): string {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'locales', 'fr'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>PharmaRadar</title>' +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});\n');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"PharmaRadar"}\n');
  writeFileSync(join(dir, 'locales', 'fr', 'common.json'), '{"hello":"Bonjour"}\n');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  return dir;
}

/** The test environment: loopback, any free port, debug logs, no demo latency, a fake web app in dataDir. */
export function testEnv(dataDir: string, envOverrides: Record<string, string> = {}): Env {
  return loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    WEB_DIST_DIR: createFakeWebDist(join(dataDir, 'web-dist')),
    DEMO_LATENCY_MS: '',
    // No backup at every test start-up; the backup tests turn it on.
    BACKUP_INTERVAL_H: '0',
    // No floor under the register answer time; the enumeration-timing test sets one.
    REGISTER_ANSWER_MS: '0',
    ...envOverrides,
  });
}

/**
 * Live mode that stays on this machine: Farmaline at a loopback port nothing answers (live mode refuses
 * loopback shops, so no search leaves), and, without Stripe keys, the test checkout asked for
 * explicitly (ADR 123). Tests add the retailers they run and their other shops' addresses.
 */
export const LIVE_TEST_ENV = {
  RETAILERS_MODE: 'live',
  BILLING_TEST_CHECKOUT: 'true',
  FARMALINE_BASE_URL: 'http://127.0.0.1:9',
};

/**
 * Runs the REAL startServer on 127.0.0.1, a free port and a fresh temporary DATA_DIR (removed by
 * close()). The environment is built only from these defaults plus `envOverrides`, never from the
 * developer's shell. Demo latency is off by default so tests are quick; WEB_DIST_DIR is a small fake.
 */
export async function startTestServer(
  envOverrides: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pharmaradar-test-'));
  const env = testEnv(dataDir, envOverrides);
  const lines: string[] = [];
  const log: Logger = createLogger({
    level: env.LOG_LEVEL,
    format: env.LOG_FORMAT,
    write: (line) => {
      lines.push(line);
      if (options.printLogs) console.log(line);
    },
  });
  let running;
  try {
    running = await startServer(env, {
      log,
      now: options.now,
      extraRoutes: options.extraRoutes,
      htmlTransformers: options.htmlTransformers,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server = running;
  return {
    url: server.url,
    port: server.port,
    dataDir,
    env,
    db: server.deps.db,
    app: server.app,
    deps: server.deps,
    alertChecks: server.alertChecks,
    pushDeliveries: server.pushDeliveries,
    marketRefresh: server.marketRefresh,
    pendingMails: server.pendingMails,
    jobs: server.jobs,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    readOutbox: () => readOutboxDir(env.MAIL_OUTBOX_DIR),
    logs: () => [...lines],
  };
}
