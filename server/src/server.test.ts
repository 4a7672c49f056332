import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/helpers/test-server';

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
