import Database from '../db/sqlite-driver';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test/helpers/test-client';
import { createFakeWebDist } from '../../test/helpers/test-server';
import { createLogger } from '../lib/log';
import { DATABASE_FILE_NAME, startServer, type RunningServer } from '../server';
import { loadEnv } from './env';
import { ensurePrivateDir, PrivateFileError } from './private-files';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  process.umask(0o022);
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pharmaradar-perm-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string, vars: Record<string, string> = {}) {
  const logs: string[] = [];
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: createFakeWebDist(join(tempDir(), 'web-dist')),
    DEMO_LATENCY_MS: '',
    BACKUP_INTERVAL_H: '0',
    ...vars,
  });
  const server: RunningServer = await startServer(env, {
    log: createLogger({ level: 'debug', write: (line) => logs.push(line) }),
  });
  cleanups.push(() => server.close());
  return { server, env, logs };
}

/** A database left by an older release under a permissive umask: 0644 files in a 0755 folder. */
function permissiveLeftovers(dataDir: string): string {
  process.umask(0o022);
  chmodSync(dataDir, 0o755);
  mkdirSync(join(dataDir, 'outbox'), { mode: 0o755 });
  mkdirSync(join(dataDir, 'backups'), { mode: 0o755 });
  const file = join(dataDir, DATABASE_FILE_NAME);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE leftover (x)');
  db.close();
  chmodSync(file, 0o644);
  writeFileSync(`${file}-wal`, '', { mode: 0o644 });
  chmodSync(`${file}-wal`, 0o644);
  return file;
}

describe('private data files', () => {
  it('repairs a 0755 DATA_DIR, 0644 database files and open folders at start-up, and says so', async () => {
    const dataDir = tempDir();
    const dbFile = permissiveLeftovers(dataDir);
    expect(modeOf(dbFile)).toBe(0o644);

    const { logs } = await start(dataDir);

    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'outbox'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'backups'))).toBe(0o700);
    for (const file of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) {
      expect(existsSync(file), file).toBe(true);
      expect(modeOf(file), file).toBe(0o600);
    }
    const warnings = logs.filter((l) => l.includes('permissions too wide'));
    expect(warnings.some((l) => l.includes(dataDir) && l.includes('0755'))).toBe(true);
    expect(warnings.some((l) => l.includes(`${DATABASE_FILE_NAME} `) || l.includes(`${DATABASE_FILE_NAME}"`))).toBe(
      true,
    );
  });

  it('creates everything private on a fresh start, whatever the umask, including mails written later', async () => {
    process.umask(0o022);
    const parent = tempDir();
    const dataDir = join(parent, 'data');
    const { server, env } = await start(dataDir);
    const res = await createTestClient(server.url).post('/api/contact/', {
      name: 'Jo',
      email: 'jo@example.be',
      message: 'Private, please.',
    });
    expect(res.status).toBe(201);
    const dbFile = join(dataDir, DATABASE_FILE_NAME);

    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(env.MAIL_OUTBOX_DIR)).toBe(0o700);
    expect(modeOf(env.BACKUP_DIR)).toBe(0o700);
    for (const file of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`, join(dataDir, 'secret.key')]) {
      expect(modeOf(file), file).toBe(0o600);
    }
    for (let i = 0; i < 100 && readdirSync(env.MAIL_OUTBOX_DIR).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const mails = readdirSync(env.MAIL_OUTBOX_DIR);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(modeOf(join(env.MAIL_OUTBOX_DIR, mail))).toBe(0o600);
  });

  it('refuses a DATA_DIR that is not a directory, naming it', async () => {
    const file = join(tempDir(), 'not-a-dir');
    writeFileSync(file, 'x');
    expect(() => ensurePrivateDir(file)).toThrow(PrivateFileError);
    expect(() => ensurePrivateDir(file)).toThrow(/not-a-dir/);
  });
});
