import Database from './db/sqlite-driver';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../test/helpers/clock';
import { startTestServer, testEnv, type TestServer } from '../test/helpers/test-server';
import { createLogger } from './lib/log';
import { cleanupSpawned, spawnMain, tempDataDir } from './main-process.test-support';
import { DATABASE_FILE_NAME, startServer } from './server';
import { HEALTH_QUICK_CHECK_INTERVAL_MS } from './features/health/health.routes';
import { closeDatabase, openDatabase } from './db/database';
import { DatabaseCorruptError } from './db/integrity';
import { migrate } from './db/migrate';

// A database with damaged pages must not be served from (ADR 124): start-up runs PRAGMA quick_check
// and refuses, naming the file and the restore command; a running server reports it in /api/health.
// The damage is real: garbage written over pages of a real, migrated database file.

const PAGE = 4096;

/** Writes random-looking bytes over pages first..last (1-based, SQLite's numbering) of the file. */
function damagePages(file: string, first: number, last: number): void {
  const fd = openSync(file, 'r+');
  try {
    for (let page = first; page <= last; page++) {
      const garbage = Buffer.alloc(PAGE, 0);
      for (let i = 0; i < PAGE; i++) garbage[i] = (i * 131 + page * 17) % 251;
      writeSync(fd, garbage, 0, PAGE, (page - 1) * PAGE);
    }
  } finally {
    closeSync(fd);
  }
}

/** A real PharmaRadar database (every migration) in a fresh DATA_DIR, closed and checkpointed. */
function migratedDataDir(): { dataDir: string; dbFile: string } {
  const dataDir = tempDataDir();
  const dbFile = join(dataDir, DATABASE_FILE_NAME);
  const db = openDatabase(dbFile);
  migrate(db);
  closeDatabase(db);
  expect(readFileSync(dbFile).length / PAGE).toBeGreaterThan(20);
  return { dataDir, dbFile };
}

afterEach(cleanupSpawned);

describe('start-up on a damaged database', () => {
  it('startServer refuses it, naming the file and the restore command', async () => {
    const { dataDir, dbFile } = migratedDataDir();
    damagePages(dbFile, 5, 12);
    const start = startServer(testEnv(dataDir), { log: createLogger({ level: 'silent' }) });
    await expect(start).rejects.toBeInstanceOf(DatabaseCorruptError);
    await expect(start).rejects.toThrow(dbFile);
    await expect(start).rejects.toThrow('npm run restore <backup>');
  });

  it('a garbage first page (not a database any more) is refused the same way', async () => {
    const { dataDir, dbFile } = migratedDataDir();
    damagePages(dbFile, 1, 2);
    const start = startServer(testEnv(dataDir), { log: createLogger({ level: 'silent' }) });
    await expect(start).rejects.toBeInstanceOf(DatabaseCorruptError);
    await expect(start).rejects.toThrow(dbFile);
  });

  it('the server process exits 1 with that message and never listens', async () => {
    const { dataDir, dbFile } = migratedDataDir();
    damagePages(dbFile, 5, 12);
    const spawned = spawnMain({}, { dataDir });
    expect(await spawned.exit).toBe(1);
    expect(spawned.output()).toContain(`The database ${dbFile} is damaged`);
    expect(spawned.output()).toContain('`npm run restore <backup>`');
    expect(spawned.output()).not.toContain('PharmaRadar listening');
  });

  it('an intact database starts (the check passes on a real file)', async () => {
    const { dataDir } = migratedDataDir();
    const server = await startServer(testEnv(dataDir), { log: createLogger({ level: 'silent' }) });
    try {
      expect(await (await fetch(`${server.url}/api/health/`)).json()).toMatchObject({ status: 'ok', db: 'ok' });
    } finally {
      await server.close();
    }
  });
});

describe('health of a database damaged while the server runs', () => {
  let server: TestServer;
  const clock = createClock();

  beforeAll(async () => {
    server = await startTestServer({}, { now: clock.now });
  });
  afterAll(() => server.close());

  it('answers 503 with db "corrupt" once its quick check sees the damaged pages', async () => {
    const health = () => fetch(`${server.url}/api/health/`);
    expect(await (await health()).json()).toMatchObject({ status: 'ok', db: 'ok' });

    const dbFile = join(server.dataDir, DATABASE_FILE_NAME);
    server.db.pragma('wal_checkpoint(TRUNCATE)');
    damagePages(dbFile, 5, 12);
    // Another connection's commit makes the server's connection drop its page cache (WAL mode), as
    // after any write by another process: from now on it reads the damaged pages from the file.
    const other = new Database(dbFile);
    other.pragma('user_version = 0');
    other.close();

    // Within the check's interval the last answer stands; past it the damage is seen.
    clock.advance(HEALTH_QUICK_CHECK_INTERVAL_MS + 1);
    const res = await health();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(await res.json()).toMatchObject({ status: 'error', db: 'corrupt' });
    expect(server.logs().some((line) => / ERROR .*quick check failed.*npm run restore/.test(line))).toBe(true);
  });
});
