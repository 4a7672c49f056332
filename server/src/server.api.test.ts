import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, testEnv } from '../test/helpers/test-server';
import { createLogger } from './lib/log';
import { HTTP_TIMEOUTS } from './lib/http-server';
import { DRAIN_TIMEOUT_MS, startServer, type RunningServer, type StartOptions } from './server';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real startServer with StartOptions that startTestServer does not pass on (drain and HTTP timeouts). */
async function startWith(options: StartOptions): Promise<{ server: RunningServer; logs: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pharmaradar-server-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env = testEnv(dataDir);
  const logs: string[] = [];
  const log = createLogger({ level: 'debug', write: (line) => logs.push(line) });
  const server = await startServer(env, { log, ...options });
  cleanups.push(() => server.close());
  return { server, logs };
}

/**
 * A slow client on a bare socket: writes `head`, then one more byte every 50 ms (trickling must not
 * reset any timer), and resolves with what the server answered once it closed the connection.
 */
function trickle(baseUrl: string, head: string): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
    const drip = setInterval(() => socket.writable && socket.write('a'), 50);
    const done = () => {
      clearInterval(drip);
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      clearInterval(drip);
      reject(error);
    });
  });
}

describe('startServer close()', () => {
  it('lets an in-flight request finish, refuses new connections, then closes the database', async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => (started = resolve));
    const server = await startTestServer(
      {},
      {
        extraRoutes: (app) => {
          app.get('/api/test-only/slow/', async (c) => {
            started();
            await new Promise<void>((resolve) => (release = resolve));
            return c.json({ finished: true });
          });
        },
      },
    );
    const inFlight = fetch(`${server.url}/api/test-only/slow/`).then(async (res) => ({
      status: res.status,
      body: await res.json(),
    }));
    await inHandler;
    const closing = server.close();
    await expect(fetch(`${server.url}/api/health/`)).rejects.toThrow();
    release();
    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    await closing;
    expect(server.db.open).toBe(false);
  });

  it('restarts on the same DATA_DIR keeping data and the secret, applying no migration again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pharmaradar-restart-'));
    try {
      const first = await startTestServer({ DATA_DIR: dataDir });
      const applied = first.db.prepare('SELECT name FROM schema_migrations ORDER BY name').pluck().all();
      first.db
        // A recent message: the start-up purge removes contact messages older than 12 months.
        .prepare(
          "INSERT INTO contact_messages (name, email, message, locale, created_at) VALUES ('a', 'a@b.be', 'm', 'fr', ?)",
        )
        .run(Date.now());
      await first.close();
      const second = await startTestServer({ DATA_DIR: dataDir });
      try {
        expect(second.env.SECRET_KEY).toBe(first.env.SECRET_KEY);
        expect(second.db.prepare('SELECT name FROM schema_migrations ORDER BY name').pluck().all()).toEqual(applied);
        expect(second.logs().some((line) => line.includes('migration applied'))).toBe(false);
        expect(second.db.prepare('SELECT count(*) FROM contact_messages').pluck().get()).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('startServer drain timeout', () => {
  it('cuts a request that never finishes once the drain timeout is over, then closes the database', async () => {
    let started: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => (started = resolve));
    const { server, logs } = await startWith({
      drainTimeoutMs: 200,
      extraRoutes: (app) => {
        app.get('/api/test-only/hang/', () => {
          started();
          return new Promise<Response>(() => {});
        });
      },
    });
    const hanging = fetch(`${server.url}/api/test-only/hang/`);
    await inHandler;
    await server.close();
    await expect(hanging).rejects.toThrow();
    expect(server.deps.db.open).toBe(false);
    expect(logs.some((line) => /WARN .*drain timeout.*timeoutMs=200/.test(line))).toBe(true);
    // The production default stays at 10 s.
    expect(DRAIN_TIMEOUT_MS).toBe(10_000);
  }, 5_000);
});

describe('startServer slow clients (slowloris, slow body)', () => {
  const short = { headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 300, connectionsCheckingInterval: 50 };

  it('sets the production timeouts explicitly rather than trusting Node defaults', async () => {
    expect(HTTP_TIMEOUTS).toEqual({
      headersTimeout: 20_000,
      requestTimeout: 60_000,
      keepAliveTimeout: 10_000,
      connectionsCheckingInterval: 1_000,
    });
    const { server } = await startWith({});
    const http = server.httpServer as typeof server.httpServer & { connectionsCheckingInterval: number };
    expect(http.headersTimeout).toBe(20_000);
    expect(http.requestTimeout).toBe(60_000);
    expect(http.keepAliveTimeout).toBe(10_000);
    expect(http.connectionsCheckingInterval).toBe(1_000);
  });

  it('answers 408 and closes a connection whose headers never end', async () => {
    const { server } = await startWith({ httpTimeouts: short });
    const answer = await trickle(server.url, 'GET /api/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // The server is still there for everyone else.
    expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
  }, 5_000);

  it('answers 408 and closes a connection whose body never ends', async () => {
    const { server } = await startWith({
      httpTimeouts: short,
      extraRoutes: (app) => {
        // Outside /api so that neither CSRF nor the body limit answers before the body is read.
        app.post('/test-only/echo/', async (c) => c.text(await c.req.text()));
      },
    });
    const head =
      'POST /test-only/echo/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\nabc';
    const answer = await trickle(server.url, head);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 5_000);
});

describe('startServer repeating jobs', () => {
  it('starts every repeating job through the one scheduler, the alerts job included (ADR 144)', async () => {
    const server = await startTestServer({ BACKUP_INTERVAL_H: '24' });
    cleanups.push(() => server.close());
    expect(server.jobs()).toEqual(expect.arrayContaining(['purge', 'price history purge', 'backup', 'alerts job']));
  });

  it('leaves out a job whose interval is 0 (ALERTS_CHECK_INTERVAL_MIN=0, BACKUP_INTERVAL_H=0)', async () => {
    const server = await startTestServer({ ALERTS_CHECK_INTERVAL_MIN: '0' });
    cleanups.push(() => server.close());
    expect(server.jobs()).toEqual(expect.arrayContaining(['purge', 'price history purge']));
    expect(server.jobs()).not.toContain('alerts job');
    expect(server.jobs()).not.toContain('backup');
  });
});
