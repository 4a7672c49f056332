import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '../../test/disk-messages';
import { startLoopbackServer, type LoopbackServer } from '../../test/fakes/http-server';
import { createLocaleLoader, LOCALE_MAX_PARALLEL, LocaleLoadError } from './load-locale';
import { NAMESPACES } from './namespaces';

/**
 * A real HTTP server serves web/public/locales; it can fail given files a number of times and it
 * holds answers so that the number of reads in flight at once is observable.
 */
let server: LoopbackServer;
let failures: Map<string, number>;
let inFlight = 0;
let maxInFlight = 0;
const held: Array<() => void> = [];

function releaseAll() {
  for (const release of held.splice(0)) release();
}

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const answer = () => {
      inFlight -= 1;
      const left = failures.get(req.path) ?? 0;
      if (left > 0) {
        failures.set(req.path, left - 1);
        res.writeHead(503).end('busy');
        return;
      }
      try {
        const body = readFileSync(`${LOCALES_DIR}${req.path.replace(/^\/locales\//, '')}`);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    };
    held.push(answer);
    // Answer in batches: a batch is released once no further request arrived for a moment,
    // so every read the loader allows in parallel is in flight together.
    const size = held.length;
    setTimeout(() => {
      if (held.length === size) releaseAll();
    }, 25);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  failures = new Map();
  inFlight = 0;
  maxInFlight = 0;
  server.received.length = 0;
});

function loaderWithRecordedBackoff() {
  const delays: number[] = [];
  const loader = createLocaleLoader({
    baseUrl: `${server.origin}/locales`,
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  return { loader, delays };
}

describe('locale loader', () => {
  it('loads every namespace into one flat table of ns.dotted.ids', async () => {
    const { loader } = loaderWithRecordedBackoff();
    const messages = await loader.load('en');
    expect(messages['common.offline.banner']).toBe('Internet connection lost. Some features may not work.');
    expect(messages['layout.nav.upgrade']).toBeTruthy();
    expect(server.received.map((r) => r.path).sort()).toEqual(NAMESPACES.map((ns) => `/locales/en/${ns}.json`).sort());
  });

  it(`never has more than ${LOCALE_MAX_PARALLEL} reads in flight`, async () => {
    const { loader } = loaderWithRecordedBackoff();
    await Promise.all([loader.load('fr'), loader.load('en'), loader.load('nl')]);
    expect(server.received).toHaveLength(NAMESPACES.length * 3);
    expect(maxInFlight).toBe(LOCALE_MAX_PARALLEL);
  });

  it('retries a failing file with a doubling delay starting at 350 ms', async () => {
    failures.set('/locales/nl/layout.json', 3);
    const { loader, delays } = loaderWithRecordedBackoff();
    const messages = await loader.load('nl');
    expect(messages['layout.nav.login']).toBe('Inloggen');
    expect(delays).toEqual([350, 700, 1400]);
    expect(server.received.filter((r) => r.path === '/locales/nl/layout.json')).toHaveLength(4);
  });

  it('gives up after 5 tries with a LocaleLoadError, and a later load tries again', async () => {
    failures.set('/locales/fr/errors.json', 5);
    const { loader, delays } = loaderWithRecordedBackoff();
    const error = await loader.load('fr').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocaleLoadError);
    expect(error).toMatchObject({ locale: 'fr', namespace: 'errors' });
    expect(delays).toEqual([350, 700, 1400, 2800]);
    expect(server.received.filter((r) => r.path === '/locales/fr/errors.json')).toHaveLength(5);

    const messages = await loader.load('fr'); // the failure was not cached
    expect(messages['errors.chunk.reload']).toBe('Recharger');
  });

  it('starts each read in a task of its own, none in the caller’s', async () => {
    const turns: Array<() => void> = [];
    let freeTurns = false;
    const fetched: string[] = [];
    const loader = createLocaleLoader({
      baseUrl: `${server.origin}/locales`,
      sleep: async () => undefined,
      nextTask: () => (freeTurns ? Promise.resolve() : new Promise<void>((resolve) => turns.push(resolve))),
      fetch: (url) => {
        fetched.push(url);
        return globalThis.fetch(url);
      },
    });
    const loading = loader.load('en');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched).toHaveLength(0);
    expect(turns).toHaveLength(LOCALE_MAX_PARALLEL);
    turns.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched).toHaveLength(1);
    freeTurns = true;
    for (const turn of turns.splice(0)) turn();
    expect((await loading)['common.offline.banner']).toBeTruthy();
    expect(fetched).toHaveLength(NAMESPACES.length);
  });

  it('reads a loaded locale once', async () => {
    const { loader } = loaderWithRecordedBackoff();
    await loader.load('fr');
    await loader.load('fr');
    expect(server.received).toHaveLength(NAMESPACES.length);
  });
});
