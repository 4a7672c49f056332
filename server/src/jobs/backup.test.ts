import Database from '../db/sqlite-driver';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { createLogger } from '../lib/log';
import { backupFileName, integrityOf, listBackups, runBackup } from './backup.job';

const DAY_MS = 24 * 3600 * 1000;
const silent = createLogger({ level: 'silent' });
const modeOf = (path: string) => statSync(path).mode & 0o777;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function countRows(file: string, table: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function sendContact(s: TestServer, message: string) {
  const res = await createTestClient(s.url).post('/api/contact/', { name: 'Jo', email: 'jo@example.be', message });
  expect(res.status).toBe(201);
}

describe('database backups', () => {
  it('copies the live database online into a private, stand-alone, checked file with the same rows', async () => {
    server = await startTestServer();
    await sendContact(server, 'first');
    await sendContact(server, 'second');

    const result = await runBackup({
      db: server.db,
      dir: server.env.BACKUP_DIR,
      keepDays: 30,
      log: silent,
      now: Date.now,
    });

    expect(listBackups(server.env.BACKUP_DIR).map((b) => b.file)).toEqual([result.file]);
    expect(modeOf(result.file)).toBe(0o600);
    expect(integrityOf(result.file)).toBe('ok');
    // Stand-alone: no -wal needed next to it, it can be copied anywhere as one file.
    expect(existsSync(`${result.file}-wal`)).toBe(false);
    const copy = new Database(result.file, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
    expect(countRows(result.file, 'contact_messages')).toBe(2);
    expect(countRows(result.file, 'schema_migrations')).toBe(
      (server.db.prepare('SELECT count(*) AS n FROM schema_migrations').get() as { n: number }).n,
    );
    // Nothing half-written is left in the folder.
    expect(readdirSync(server.env.BACKUP_DIR)).toEqual([result.file.split('/').at(-1)]);
  });

  it('rotates backups and replaced databases older than BACKUP_KEEP_DAYS, keeping younger ones', async () => {
    server = await startTestServer();
    const dir = server.env.BACKUP_DIR;
    const now = Date.now();
    const old = backupFileName(now - 31 * DAY_MS);
    const young = backupFileName(now - 29 * DAY_MS);
    writeFileSync(join(dir, old), 'old');
    writeFileSync(join(dir, young), 'young');
    const oldReplaced = join(dir, `replaced-${old.slice('pharmaradar-'.length, -'.db'.length)}`);
    mkdirSync(oldReplaced);
    writeFileSync(join(oldReplaced, 'pharmaradar.db'), 'x');
    writeFileSync(join(dir, 'notes.txt'), 'not a backup: left alone');

    const result = await runBackup({ db: server.db, dir, keepDays: 30, log: silent, now: () => now });

    expect(result.rotated.sort()).toEqual([old, oldReplaced.split('/').at(-1)].sort());
    expect(readdirSync(dir).sort()).toEqual([young, result.file.split('/').at(-1), 'notes.txt'].sort());

    // A shorter keep time applies at the next backup.
    const next = await runBackup({ db: server.db, dir, keepDays: 7, log: silent, now: () => now + 1000 });
    expect(next.rotated).toEqual([young]);
  });

  it('backs up on its schedule: at start-up when no recent backup exists (BACKUP_INTERVAL_H)', async () => {
    server = await startTestServer({ BACKUP_INTERVAL_H: '24' });
    const dir = server.env.BACKUP_DIR;
    for (let i = 0; i < 250 && listBackups(dir).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const [backup] = listBackups(dir);
    expect(backup).toBeDefined();
    expect(integrityOf(backup!.file)).toBe('ok');
    expect(modeOf(backup!.file)).toBe(0o600);
    expect(server.logs().some((l) => l.includes('backup done'))).toBe(true);
  });
});
