import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { serverBuildIsStale, SERVER_DIST } from '../../scripts/server-build.mjs';
import { spawnMain, stopMain } from '../../server/src/main-process.test-support';
import { readOutbox, type OutboxMail } from './fakes/mail-outbox';
import { hasSavedSearch } from './saved-search';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Demo retailers answer at clearly different times, but faster than the interactive default. */
const E2E_DEFAULT_ENV: Record<string, string> = {
  RETAILERS_MODE: 'demo',
  DEMO_LATENCY_MS: 'farmaline:150,medimarket:600,multipharma:1100',
  LOG_LEVEL: 'info',
  // Journeys check exact prices and totals: the demo shops keep their catalogue prices unless a journey moves them.
  DEMO_PRICES_MOVE: 'false',
};

/**
 * Shops that answer within 150 ms, still one after another, for a journey that checks what the shops
 * answer and not when: each search then waits 150 ms instead of 1.1 s (ADR 247).
 */
export const QUICK_SHOPS: Readonly<Record<string, string>> = {
  DEMO_LATENCY_MS: 'farmaline:50,medimarket:100,multipharma:150',
};

export interface AppHandle {
  url: string;
  port: number;
  dataDir: string;
  outboxDir: string;
  env: Record<string, string>;
  /** Mails written to the outbox so far, oldest first. */
  mails(): Promise<OutboxMail[]>;
  /** Waits until a mail matching `predicate` is in the outbox. */
  waitForMail(predicate: (mail: OutboxMail) => boolean, timeoutMs?: number): Promise<OutboxMail>;
  logs(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the real server on the built web app with a fresh DATA_DIR: the built server (server/dist, as
 * `npm start` runs it) when `npm run build` left it fresh, which starts in about half the time of tsx
 * (ADR 175); from source through tsx when server code changed since, so a journey never tests old code.
 */
export async function startApp(envOverrides: Record<string, string> = {}): Promise<AppHandle> {
  if (!existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` before the e2e journeys (npm run test:e2e does).');
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharmaradar-e2e-'));
  const outboxDir = path.join(dataDir, 'outbox');
  await mkdir(outboxDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...E2E_DEFAULT_ENV,
    ...envOverrides,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    MAIL_OUTBOX_DIR: outboxDir,
  };
  // One way to start the real server for every test tool (ADR 146); the journeys keep the shell's environment.
  const built = serverBuildIsStale() ? {} : { built: path.join(SERVER_DIST, 'main.js') };
  const server = spawnMain({ ...env, NODE_ENV: 'production' }, { dataDir, inheritEnv: true, ...built });
  const { child } = server;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before it was ready:\n${server.output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in time:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const handle: AppHandle = {
    url,
    port,
    dataDir,
    outboxDir,
    env,
    mails: () => readOutbox(outboxDir),
    async waitForMail(predicate, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = (await readOutbox(outboxDir)).find(predicate);
        if (found) return found;
        if (Date.now() > until) throw new Error('expected mail did not arrive in the outbox');
        await new Promise((r) => setTimeout(r, 150));
      }
    },
    logs: () => server.output(),
    async stop() {
      await stopMain(server, 10_000);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** The switches of every Chromium the tests and benches start: headless, quiet, nothing downloaded. */
export const CHROMIUM_SWITCHES = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** `extraArgs`: more Chromium switches, e.g. the fake camera of the scan journey. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_SWITCHES, ...extraArgs],
  });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Browser UI language (navigator.languages and Accept-Language), e.g. 'nl-BE'. */
  locale?: string;
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors seen so far (a journey should end with none). */
  pageErrors: string[];
}

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'fr-BE',
    isMobile: (options.viewport?.width ?? DESKTOP.width) < 600,
    hasTouch: (options.viewport?.width ?? DESKTOP.width) < 600,
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  return { context, page, pageErrors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until the app has saved the search `key` (`lang|kind:value`) in IndexedDB, for an offline step.
 * Asked again every 150 ms from here: a predicate that returns a promise is not polled by
 * `page.waitForFunction` (a promise is truthy: its first answer, even false, would end the wait).
 */
export async function waitForSavedSearch(page: Page, key: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await page.evaluate(hasSavedSearch, key))) {
    if (Date.now() > until) throw new Error(`the search ${key} was not saved in IndexedDB within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Waits for a service worker to control the page, so a reload can be served offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
}

/**
 * The app's own code (its boot chunk) as `page` requests it, listed as it happens: a page the server
 * drew whole loads none of it before the visitor's first touch (ADR 120, ADR 121).
 */
export function watchAppCode(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/boot-[^/]+\.js$/.test(new URL(request.url()).pathname)) requested.push(request.url());
  });
  return requested;
}

/** The searches `page` asks the server for (the app's and the drawn page's), listed as they happen. */
export function watchSearches(page: Page): string[] {
  const searches: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/search') || pathname.startsWith('/api/first-screen/search')) searches.push(pathname);
  });
  return searches;
}

/**
 * Starts the app on a page the server drew (ADR 119) and waits until it has taken the page over, for
 * a step that needs the app itself (its effects, its session), not only the page.
 */
export async function waitForApp(page: Page): Promise<void> {
  // A drawn first screen starts the app on the visitor's first touch, key or focus (ADR 120): a key
  // that types nothing and moves nothing, as the least a visitor can do.
  if (await page.locator('#root[data-first-screen]').count()) await page.keyboard.press('Shift');
  await page.locator('#root:not([data-first-screen])').waitFor({ state: 'attached' });
}
