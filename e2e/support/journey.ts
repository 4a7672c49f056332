import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { routeGoogleScript, startFakeGoogle, type FakeGoogle } from './fakes/fake-google';
import { launchBrowser, newPage, startApp, type AppHandle, type PageOptions, type TestPage } from './harness';

export interface JourneyOptions extends PageOptions {
  /** Environment of the app on top of the e2e defaults (harness.ts), e.g. DEMO_LATENCY_MS. */
  env?: Record<string, string>;
  /** Starts the fake Google (JWKS server + GIS script) and points the app at it. */
  google?: boolean;
  /** `false`: no shared app; each test starts its own with `journey.startApp(env)` (stopped in afterAll). */
  app?: boolean;
  /** More Chromium switches for this file's browser (e.g. a fake camera playing a file). */
  browserArgs?: string[];
}

export interface OpenOptions extends PageOptions {
  /** With `google: true`: the credential the fake GIS button and One Tap hand to the page. */
  credential?: string | null;
  oneTap?: boolean;
}

export interface Journey {
  /** The shared app of the file (throws when the journey was declared with `app: false`). */
  readonly app: AppHandle;
  readonly browser: Browser;
  /** The fake Google (throws unless the journey was declared with `google: true`). */
  readonly google: FakeGoogle;
  /** Absolute URL of `path` on the shared app. */
  url(path: string): string;
  /** A fresh browser context (own cookies and storage) with one page; closed at the latest in afterAll. */
  open(options?: OpenOptions): Promise<TestPage>;
  /** Starts another app with its own DATA_DIR and environment; stopped at the latest in afterAll. */
  startApp(env?: Record<string, string>): Promise<AppHandle>;
}

/**
 * The start-app / launch-browser hooks every journey file needs, written once: call it at the top of a
 * `describe` and use the returned handle inside its tests (its fields are set once beforeAll has run).
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  let app: AppHandle | undefined;
  let browser: Browser | undefined;
  let google: FakeGoogle | undefined;
  const extraApps: AppHandle[] = [];
  const opened: TestPage[] = [];

  beforeAll(async () => {
    if (options.google) google = await startFakeGoogle();
    if (options.app !== false) {
      app = await startApp({
        ...(google ? { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl } : {}),
        ...options.env,
      });
    }
    browser = await launchBrowser(options.browserArgs);
  });

  afterAll(async () => {
    for (const t of opened) await t.context.close().catch(() => undefined);
    await browser?.close();
    for (const extra of extraApps) await extra.stop();
    await app?.stop();
    await google?.close();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useJourney: no ${what} (not started yet, or not asked for)`);
    return value;
  };

  return {
    get app() {
      return need(app, 'app');
    },
    get browser() {
      return need(browser, 'browser');
    },
    get google() {
      return need(google, 'fake Google');
    },
    url(path) {
      return `${need(app, 'app').url}${path}`;
    },
    async open(openOptions = {}) {
      const { credential, oneTap, ...pageOptions } = openOptions;
      const t = await newPage(need(browser, 'browser'), {
        ...(options.viewport ? { viewport: options.viewport } : {}),
        ...(options.locale ? { locale: options.locale } : {}),
        ...pageOptions,
      });
      opened.push(t);
      if (google) await routeGoogleScript(t.context, { credential: credential ?? null, oneTap: oneTap ?? false });
      return t;
    },
    async startApp(env = {}) {
      const extra = await startApp({ ...options.env, ...env });
      extraApps.push(extra);
      return extra;
    },
  };
}
