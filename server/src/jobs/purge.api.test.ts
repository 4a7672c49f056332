import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createLogger } from '../lib/log';
import { createTestClient } from '../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { PASSWORD, registerAndVerify } from '../features/accounts/accounts.test-support';
import { CONTACT_RETENTION_MS, createPurgeJob, runPurge } from './purge.job';
import { createJobScheduler } from './repeating-job';

const DAY_MS = 24 * 3600 * 1000;
const contactRows = (db: TestServer['db']) =>
  db.prepare('SELECT email, message FROM contact_messages ORDER BY id').all() as Array<{
    email: string;
    message: string;
  }>;

/** Occurrences of `needle` in the database file and its -wal / -shm companions. */
function countOnDisk(dataDir: string, needle: string): number {
  let hits = 0;
  for (const file of readdirSync(dataDir).filter((f) => f.includes('.db'))) {
    const bytes = readFileSync(join(dataDir, file));
    for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) hits += 1;
  }
  return hits;
}

describe('purge of deleted accounts', () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it('leaves no trace of the e-mail in the database and WAL files after deletion', async () => {
    const email = 'erase.me.please@example.be';
    const client = createTestClient(server.url);
    await registerAndVerify(server, client, email);
    // Churn: rewrite the row a few times so older copies of it exist in pages and WAL frames.
    for (const first_name of ['Annabelle-Marie', 'A', 'Anne-Sophie de la Fontaine']) {
      await client.patch('/api/auth/update-profile/', { first_name });
    }
    await createTestClient(server.url).post('/api/auth/login/', { username: email, password: PASSWORD });
    await registerAndVerify(server, createTestClient(server.url), 'keep@example.be');
    expect(countOnDisk(server.dataDir, email)).toBeGreaterThan(0);

    const res = await client.post('/api/account/delete/', {
      email_confirmation: email,
      acknowledge: true,
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(countOnDisk(server.dataDir, email)).toBe(0);
    expect(countOnDisk(server.dataDir, 'keep@example.be')).toBeGreaterThan(0);
  });

  it('erases the contact messages sent from the deleted account e-mail, whatever its case, and only those', async () => {
    const email = 'wrote.to.us@example.be';
    const client = createTestClient(server.url);
    await registerAndVerify(server, client, email);
    const send = (from: string, message: string) =>
      createTestClient(server.url).post('/api/contact/', { name: 'Jo', email: from, message });
    expect((await send('Wrote.To.Us@Example.BE', 'secret-marker-one')).status).toBe(201);
    expect((await send(email, 'secret-marker-two')).status).toBe(201);
    expect((await send('someone.else@example.be', 'kept message')).status).toBe(201);
    expect(countOnDisk(server.dataDir, 'secret-marker-one')).toBeGreaterThan(0);

    const res = await client.post('/api/account/delete/', {
      email_confirmation: email,
      acknowledge: true,
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(contactRows(server.db)).toEqual([{ email: 'someone.else@example.be', message: 'kept message' }]);
    expect(countOnDisk(server.dataDir, 'secret-marker-one')).toBe(0);
    expect(countOnDisk(server.dataDir, 'secret-marker-two')).toBe(0);
  });

  it('the job (start-up, daily, npm run purge) finishes a purge left undone, and prunes expired sessions', async () => {
    const email = 'left.behind@example.be';
    await registerAndVerify(server, createTestClient(server.url), email);
    await createTestClient(server.url).post('/api/contact/', { name: 'Lb', email, message: 'hello' });
    expect(contactRows(server.db)).toHaveLength(1);
    // A closed account whose purge did not run (crash between closing and purging).
    server.db.prepare('UPDATE users SET closed_at = ?, is_active = 0 WHERE email = ?').run(Date.now(), email);
    const lines: string[] = [];
    const report = runPurge({ db: server.db, log: createLogger({ write: (l) => lines.push(l) }), now: Date.now });
    expect(report).toMatchObject({ accounts: 1, failedAccounts: 0 });
    expect(contactRows(server.db)).toEqual([]);
    expect(countOnDisk(server.dataDir, email)).toBe(0);
    expect(lines.join('\n')).not.toContain(email);

    const expired = runPurge({
      db: server.db,
      log: createLogger({ level: 'silent' }),
      now: () => Date.now() + 31 * 24 * 3600 * 1000,
    });
    expect(expired.sessions).toBe(0);
  });

  it('runs on a database opened on its own, as purge.cli.ts does', async () => {
    await registerAndVerify(server, createTestClient(server.url), 'cli@example.be');
    server.db.prepare("UPDATE users SET closed_at = 1 WHERE email = 'cli@example.be'").run();
    const db = openDatabase(join(server.dataDir, 'pharmaradar.db'));
    try {
      migrate(db);
      expect(runPurge({ db, log: createLogger({ level: 'silent' }), now: Date.now }).accounts).toBe(1);
    } finally {
      closeDatabase(db);
    }
    expect(server.db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
  });
});

describe('retention of contact messages', () => {
  let server: TestServer;
  let clock = Date.UTC(2025, 0, 15, 9, 0);
  const silent = createLogger({ level: 'silent' });

  beforeEach(async () => {
    clock = Date.UTC(2025, 0, 15, 9, 0);
    server = await startTestServer({}, { now: () => clock });
  });
  afterEach(() => server.close());

  it('deletes contact messages once they are 12 months old, keeping younger ones', async () => {
    const client = createTestClient(server.url);
    const sentAt = clock;
    expect((await client.post('/api/contact/', { name: 'Old', email: 'old@example.be', message: 'm1' })).status).toBe(
      201,
    );
    clock += 200 * DAY_MS;
    expect((await client.post('/api/contact/', { name: 'New', email: 'new@example.be', message: 'm2' })).status).toBe(
      201,
    );
    expect(CONTACT_RETENTION_MS).toBeLessThanOrEqual(365 * DAY_MS);

    // Just under a year: both stay.
    expect(runPurge({ db: server.db, log: silent, now: () => sentAt + CONTACT_RETENTION_MS - 1 }).contactMessages).toBe(
      0,
    );
    expect(contactRows(server.db)).toHaveLength(2);

    // A year and a minute after the first message (a daily pass): only the younger one is left.
    const report = runPurge({ db: server.db, log: silent, now: () => sentAt + 365 * DAY_MS + 60_000 });
    expect(report.contactMessages).toBe(1);
    expect(contactRows(server.db)).toEqual([{ email: 'new@example.be', message: 'm2' }]);

    expect(
      runPurge({ db: server.db, log: silent, now: () => sentAt + 200 * DAY_MS + 366 * DAY_MS }).contactMessages,
    ).toBe(1);
    expect(contactRows(server.db)).toEqual([]);
  });

  it('forgets the login failures and rate-limit windows, which hold e-mail addresses, once they are over', async () => {
    const client = createTestClient(server.url);
    const guess = { username: 'guessed@example.be', password: 'not the password' };
    expect((await client.post('/api/auth/login/', guess)).status).toBe(400);
    const failures = () =>
      server.db.prepare("SELECT count(*) AS n FROM login_failures WHERE email = 'guessed@example.be'").get();
    expect(failures()).toEqual({ n: 2 });
    // Within the hour the failure counters hold.
    runPurge({ db: server.db, log: silent, now: () => clock + 30 * 60_000 });
    expect(failures()).toEqual({ n: 2 });
    // A day later (the daily pass), nothing is left of that address or of the windows.
    const report = runPurge({ db: server.db, log: silent, now: () => clock + DAY_MS });
    expect(report.limits).toBeGreaterThanOrEqual(2);
    expect(failures()).toEqual({ n: 0 });
    expect(server.db.prepare('SELECT count(*) AS n FROM rate_limit_windows').get()).toEqual({ n: 0 });
  });

  it('the job purges them when it starts (server start-up), not only on its daily tick', async () => {
    await createTestClient(server.url).post('/api/contact/', { name: 'Old', email: 'old@example.be', message: 'm1' });
    expect(contactRows(server.db)).toHaveLength(1);
    const jobs = createJobScheduler(silent);
    jobs.start(createPurgeJob({ db: server.db, log: silent, now: () => clock + 366 * DAY_MS }));
    await jobs.stop();
    expect(contactRows(server.db)).toEqual([]);
  });
});
