import type { Locale } from '@pharmaradar/shared/locales';
import { createConcurrencyLimit } from '@pharmaradar/shared/concurrency-limit';
import { nextTask } from '../perf/next-task';
import { flattenMessages } from './flatten';
import { NAMESPACES, type Namespace } from './namespaces';

/** docs/product.md#constants: translation loading retries up to 5 tries, first delay 350 ms doubling, at most 10 parallel reads. */
export const LOCALE_MAX_TRIES = 5;
export const LOCALE_FIRST_DELAY_MS = 350;
export const LOCALE_MAX_PARALLEL = 10;

export type Messages = Record<string, string>;

export interface LoaderDeps {
  fetch: (url: string) => Promise<Response>;
  sleep: (ms: number) => Promise<void>;
  /** Resolves in a later task: each read starts in a task of its own (ADR 182). */
  nextTask: () => Promise<void>;
  baseUrl: string;
}

export class LocaleLoadError extends Error {
  override readonly name = 'LocaleLoadError';
  constructor(
    readonly locale: Locale,
    readonly namespace: Namespace,
    override readonly cause: unknown,
  ) {
    super(`Could not load translations ${locale}/${namespace}`);
  }
}

const defaultDeps = (): LoaderDeps => ({
  fetch: (url) => globalThis.fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } }),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  nextTask,
  baseUrl: '/locales',
});

export function createLocaleLoader(overrides: Partial<LoaderDeps> = {}) {
  const deps = { ...defaultDeps(), ...overrides };
  const limit = createConcurrencyLimit(LOCALE_MAX_PARALLEL);
  const cache = new Map<Locale, Promise<Messages>>();

  async function readNamespace(locale: Locale, namespace: Namespace): Promise<Messages> {
    let lastError: unknown;
    for (let attempt = 0; attempt < LOCALE_MAX_TRIES; attempt += 1) {
      if (attempt > 0) await deps.sleep(LOCALE_FIRST_DELAY_MS * 2 ** (attempt - 1));
      try {
        // Each try takes a slot; waiting between tries does not hold one.
        return await limit(async () => {
          // Starting a fetch costs a slow phone a few milliseconds: ten at once added about 25 ms to
          // the router's start task (ADR 182); one per task instead.
          await deps.nextTask();
          const response = await deps.fetch(`${deps.baseUrl}/${locale}/${namespace}.json`);
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return flattenMessages((await response.json()) as unknown, namespace);
        });
      } catch (error) {
        lastError = error;
      }
    }
    throw new LocaleLoadError(locale, namespace, lastError);
  }

  /** All namespaces of a locale as one flat message table; a failure is not cached, so a retry refetches. */
  function load(locale: Locale): Promise<Messages> {
    const cached = cache.get(locale);
    if (cached) return cached;
    const pending = Promise.all(NAMESPACES.map((ns) => readNamespace(locale, ns))).then(
      (parts) => Object.assign({}, ...parts) as Messages,
    );
    cache.set(locale, pending);
    pending.catch(() => cache.delete(locale));
    return pending;
  }

  /** Points the loader elsewhere (tests: a loopback server, instant back-off); forgets loaded locales. */
  function configure(next: Partial<LoaderDeps>): void {
    Object.assign(deps, next);
    cache.clear();
  }

  return { load, readNamespace, configure, isLoaded: (locale: Locale) => cache.has(locale) };
}

export const localeLoader = createLocaleLoader();
