import Database from '../db/sqlite-driver';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerVerifiedAccount } from '../../test/helpers/accounts';
import { createTestClient } from '../../test/helpers/test-client';
import { testEnv } from '../../test/helpers/test-server';
import { REPO_ROOT } from '../config/paths';
import { closeDatabase, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createLogger } from '../lib/log';
import { DATABASE_FILE_NAME, startServer, type RunningServer } from '../server';
import { restoreDatabase, RestoreError } from './restore';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pharmaradar-restore-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string): Promise<RunningServer> {
  const server = await startServer(testEnv(dataDir, { LOG_LEVEL: 'silent' }), {
    log: createLogger({ level: 'silent' }),
  });
  cleanups.push(() => server.close());
  return server;
}

/** Runs one of the npm run backup / restore entry points as npm would (tsx, from server/). */
function runCli(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: join(REPO_ROOT, 'server'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run backup, then npm run restore <file>', () => {
  it('brings back accounts and messages into a wrecked data folder: the server starts and login works', async () => {
    const dataDir = tempDir();
    const dbFile = join(dataDir, DATABASE_FILE_NAME);
    const server = await start(dataDir);
    const env = server.deps.env;
    const account = await registerVerifiedAccount(server.url, env.MAIL_OUTBOX_DIR, 'kept@example.be');
    const contact = await createTestClient(server.url).post('/api/contact/', {
      name: 'Jo',
      email: 'jo@example.be',
      message: 'Remember me after the crash.',
    });
    expect(contact.status).toBe(201);

    // Online backup while the server runs, through the real command.
    const backup = await runCli('src/jobs/backup.cli.ts', [], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    const file = /Backup written: (\S+)/.exec(backup.output)?.[1] ?? '';
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Restoring under a running server is refused, and changes nothing.
    const refused = await runCli('src/jobs/restore.cli.ts', [file], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/in use \(is the server running\?\)/);

    // Data written after the backup is what a restore loses; the account and message predate it.
    await server.close();
    writeFileSync(dbFile, Buffer.alloc(64 * 1024, 0x5a));
    writeFileSync(`${dbFile}-wal`, 'stale wal from the wrecked database');
    const wrecked = readFileSync(dbFile);

    // A relative path is read from where npm was run (INIT_CWD).
    const restored = await runCli('src/jobs/restore.cli.ts', [basename(file)], {
      DATA_DIR: dataDir,
      INIT_CWD: dirname(file),
    });
    expect(restored.code, restored.output).toBe(0);
    const replacedDir = /kept in (\S+)\./.exec(restored.output)?.[1] ?? '';
    expect(readFileSync(join(replacedDir, DATABASE_FILE_NAME)).equals(wrecked)).toBe(true);
    expect(existsSync(`${dbFile}-wal`)).toBe(false);
    expect(statSync(dbFile).mode & 0o777).toBe(0o600);

    const again = await start(dataDir);
    const login = await createTestClient(again.url).post('/api/auth/login/', {
      username: account.email,
      password: account.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe('kept@example.be');
    const messages = again.deps.db.prepare('SELECT message FROM contact_messages').all();
    expect(messages).toEqual([{ message: 'Remember me after the crash.' }]);
  }, 60_000);

  it('checks the file first: a damaged backup or a foreign database is refused and the live one stays', () => {
    const dir = tempDir();
    const dbFile = join(dir, 'data', DATABASE_FILE_NAME);
    const seed = openDatabase(join(dir, 'live-seed.db'));
    migrate(seed);
    closeDatabase(seed);
    const restore = (source: string) =>
      restoreDatabase({ source, dbFile, backupDir: join(dir, 'backups'), log: createLogger({ level: 'silent' }) });
    restore(join(dir, 'live-seed.db'));
    const before = readFileSync(dbFile);

    const damaged = join(dir, 'damaged.db');
    writeFileSync(damaged, Buffer.concat([before.subarray(0, 100), Buffer.alloc(before.length - 100, 0xff)]));
    expect(() => restore(damaged)).toThrow(RestoreError);
    expect(() => restore(damaged)).toThrow(/integrity check/);

    const foreign = join(dir, 'foreign.db');
    const other = new Database(foreign);
    other.exec('CREATE TABLE t (x)');
    other.close();
    expect(() => restore(foreign)).toThrow(/not a PharmaRadar database/);
    expect(() => restore(join(dir, 'missing.db'))).toThrow(/No backup file/);

    expect(readFileSync(dbFile).equals(before)).toBe(true);
    expect(readdirSync(join(dir, 'data')).filter((f) => f.includes('restore'))).toEqual([]);
  });
});
