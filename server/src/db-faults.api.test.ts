import Database from './db/sqlite-driver';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../test/helpers/test-client';
import { startTestServer, type TestServer } from '../test/helpers/test-server';
import { createClock } from '../test/helpers/clock';
import { CONTACT_RATE_LIMIT } from './features/contact/contact.routes';
import { HEALTH_WRITE_PROBE_INTERVAL_MS } from './features/health/health.routes';
import { DATABASE_FILE_NAME } from './server';

/**
 * Fault drill (docs/security.md#load-and-fault-testing): the database refusing writes — full disk, read-only file —
 * must give a retryable 503 `unavailable`, write nothing half-way, keep the process up, and heal on its own. The
 * faults are real SQLite conditions set on the server's own connection: `max_page_count` capped at the current size
 * (SQLITE_FULL) and `query_only` (SQLITE_READONLY).
 */
describe('database write failures', () => {
  let server: TestServer;
  let client: TestClient;
  const clock = createClock();
  // Longer than a page, so storing it must allocate a new one (overflow page).
  const contact = { name: 'Anne Peeters', email: 'anne@example.be', message: 'Bonjour. '.repeat(540) };

  const contactRows = () => server.db.prepare('SELECT count(*) FROM contact_messages').pluck().get() as number;
  const errorLines = (text: string) =>
    server.logs().filter((line) => / ERROR /.test(line) && line.includes(text)).length;
  /** Moves past the health endpoint's write-probe cache so the next call probes again. */
  const nextProbe = () => clock.advance(HEALTH_WRITE_PROBE_INTERVAL_MS + 1);

  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        now: clock.now,
        extraRoutes: (app) => {
          // A bug, not a storage fault: must stay a plain 500.
          app.get('/api/test-only/bad-sql/', (c) => c.json(server.db.prepare('SELECT * FROM no_such_table').all()));
        },
      },
    );
    client = createTestClient(server.url);
  });
  afterAll(() => server.close());

  it('baseline: health is ok and a contact message is stored and mailed', async () => {
    expect((await client.get('/api/health/')).body).toMatchObject({ status: 'ok', db: 'ok' });
    const res = await client.post('/api/contact/', contact);
    expect(res.status).toBe(201);
    expect(contactRows()).toBe(1);
    expect(server.readOutbox()).toHaveLength(1);
  });

  it('disk full (max_page_count reached): contact answers 503 unavailable with Retry-After, stores and mails nothing', async () => {
    const originalMax = server.db.pragma('max_page_count', { simple: true }) as number;
    // Free pages would be reused before the file needs to grow: start from none, like a full disk.
    server.db.exec('VACUUM');
    const pages = server.db.pragma('page_count', { simple: true }) as number;
    expect(server.db.pragma('freelist_count', { simple: true })).toBe(0);
    server.db.pragma(`max_page_count = ${pages}`);
    try {
      const logged = errorLines('database unavailable');
      const fr = await client.post('/api/contact/', contact);
      expect(fr.status).toBe(503);
      expect(fr.body).toEqual({
        code: 'unavailable',
        detail: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
      });
      expect(fr.headers.get('retry-after')).toBe('30');
      expect(fr.headers.get('cache-control')).toBe('no-store');
      expect(fr.headers.get('x-content-type-options')).toBe('nosniff');
      expect(fr.text).not.toMatch(/SQLITE|disk is full|at .*\.ts/);

      const en = await client.post('/api/contact/', contact, { lang: 'en' });
      expect([en.status, en.body]).toEqual([
        503,
        { code: 'unavailable', detail: 'The service is temporarily unavailable. Please try again in a few moments.' },
      ]);

      expect(contactRows()).toBe(1);
      expect(server.readOutbox()).toHaveLength(1);
      // One error line per failed request, naming the SQLite code; never the generic 500 path.
      expect(errorLines('database unavailable')).toBe(logged + 2);
      expect(
        server
          .logs()
          .filter((l) => l.includes('database unavailable'))
          .every((l) => l.includes('SQLITE_FULL')),
      ).toBe(true);
      expect(errorLines('unhandled error')).toBe(0);
    } finally {
      server.db.pragma(`max_page_count = ${originalMax}`);
    }
  });

  it('read-only database: contact and health answer 503, and both recover once writes work again', async () => {
    server.db.pragma('query_only = ON');
    try {
      const res = await client.post('/api/contact/', contact, { lang: 'nl' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: 'unavailable',
        detail: 'De dienst is tijdelijk niet beschikbaar. Probeer het over enkele ogenblikken opnieuw.',
      });
      expect(res.headers.get('retry-after')).toBe('30');
      expect(server.logs().some((l) => l.includes('database unavailable') && l.includes('SQLITE_READONLY'))).toBe(true);

      nextProbe();
      const health = await client.get('/api/health/');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'error', db: 'error' });
      expect(health.headers.get('retry-after')).toBe('30');
      expect(contactRows()).toBe(1);
      expect(server.readOutbox()).toHaveLength(1);
    } finally {
      server.db.pragma('query_only = OFF');
    }

    nextProbe();
    const health = await client.get('/api/health/');
    expect([health.status, health.body.db]).toEqual([200, 'ok']);
    const res = await client.post('/api/contact/', contact);
    expect(res.status).toBe(201);
    expect(contactRows()).toBe(2);
    expect(server.readOutbox()).toHaveLength(2);
    expect(errorLines('unhandled error')).toBe(0);
    expect(server.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('write lock held by another process (SQLITE_BUSY): 503 once the busy wait runs out, then works again', async () => {
    clock.advance(CONTACT_RATE_LIMIT.windowMs); // a fresh contact-form allowance for this client
    const other = new Database(join(server.dataDir, DATABASE_FILE_NAME), { timeout: 0 });
    const busyTimeout = server.db.pragma('busy_timeout', { simple: true }) as number;
    server.db.pragma('busy_timeout = 50');
    try {
      other.exec('BEGIN IMMEDIATE');
      const res = await client.post('/api/contact/', contact, { lang: 'en' });
      expect([res.status, res.body?.code, res.headers.get('retry-after')]).toEqual([503, 'unavailable', '30']);
      expect(server.logs().some((l) => l.includes('database unavailable') && l.includes('SQLITE_BUSY'))).toBe(true);
      other.exec('ROLLBACK');
      expect((await client.post('/api/contact/', contact)).status).toBe(201);
      expect(contactRows()).toBe(3);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      server.db.pragma(`busy_timeout = ${busyTimeout}`);
    }
  });

  it('other SQLite errors (a bug, e.g. a missing table) stay 500 internal', async () => {
    const res = await client.get('/api/test-only/bad-sql/', { lang: 'en' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'internal', detail: 'An unexpected error occurred. Please try again.' });
    expect(res.headers.get('retry-after')).toBeNull();
  });
});
