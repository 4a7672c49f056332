import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config/paths';

interface Spawned {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the real entry point the way `npm start` does, from server/ to prove the cwd does not matter. */
function spawnMain(env: Record<string, string>): Spawned {
  const dataDir = mkdtempSync(join(tmpdir(), 'pharmaradar-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(REPO_ROOT, 'server'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      DEMO_LATENCY_MS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function waitForUrl(spawned: Spawned): Promise<string> {
  for (;;) {
    const match = /PharmaRadar listening url=(http:\/\/\S+)/.exec(spawned.output());
    if (match?.[1]) return match[1];
    if (spawned.child.exitCode !== null) throw new Error(`server exited early:\n${spawned.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('main.ts process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves, then exits 0 on %s after closing the database', async (signal) => {
    const spawned = spawnMain({});
    const url = await waitForUrl(spawned);
    const health = await fetch(`${url}/api/health/`);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'ok' });
    spawned.child.kill(signal);
    expect(await spawned.exit).toBe(0);
    expect(spawned.output()).toMatch(/shutting down signal=SIG(TERM|INT)/);
    expect(spawned.output()).toContain('stopped');
    const dataDir = dirs[dirs.length - 1] ?? '';
    expect(existsSync(join(dataDir, 'pharmaradar.db'))).toBe(true);
    // A clean close checkpoints and removes the write-ahead log.
    expect(existsSync(join(dataDir, 'pharmaradar.db-wal'))).toBe(false);
  });

  it('prints the offending variable and exits 1 on bad configuration', async () => {
    const spawned = spawnMain({ PORT: 'abc', RETAILERS_MODE: 'foo' });
    expect(await spawned.exit).toBe(1);
    expect(spawned.output()).toMatch(/PORT: must be a whole number/);
    expect(spawned.output()).toMatch(/RETAILERS_MODE: must be demo or live/);
  });

  it('exits 1 with a clear message when the port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const spawned = spawnMain({ PORT: String(port) });
      expect(await spawned.exit).toBe(1);
      expect(spawned.output()).toMatch(/server failed to start .*EADDRINUSE/);
    } finally {
      blocker.close();
    }
  });
});
