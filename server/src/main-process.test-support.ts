/**
 * Runs the real entry point (main.ts) as a child process: for the process-level tests, the load test
 * (server/bench) and the e2e journeys, one way to start and stop it (ADR 146; not a test file itself).
 * Only node: built-ins, so that the e2e workspace can import it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './config/paths';

export interface SpawnedMain {
  child: ChildProcess;
  dataDir: string;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  exit: Promise<number | null>;
}

export interface SpawnOptions {
  /** Reuse a DATA_DIR (restart tests); by default a fresh temporary one, removed by cleanupSpawned(). */
  dataDir?: string;
  /** Modules loaded with `--import` after tsx, before main.ts (test-only fault injection). */
  preload?: string[];
  /** Run this built entry (server/dist/main.js) with plain node, no tsx, as `npm start` does (ADR 175). */
  built?: string;
  /** Start from the caller's whole environment (the e2e journeys) instead of loopback defaults only. */
  inheritEnv?: boolean;
  /** Keep only the last lines of the output (a long run logs without end). */
  keepLines?: number;
}

const dirs: string[] = [];
const children: ChildProcess[] = [];

/**
 * Real-looking Stripe settings (never called in these tests): with the local payment look-alike the
 * server keeps to one process, so a test of several processes sets these.
 */
export const CLUSTER_STRIPE_SETTINGS: Readonly<Record<string, string>> = {
  STRIPE_SECRET_KEY: 'sk_test_cluster',
  STRIPE_WEBHOOK_SECRET: 'whsec_cluster',
  STRIPE_PRICE_PRO_MONTHLY: 'price_cluster',
};

/** A fresh temporary directory removed by cleanupSpawned(). */
export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pharmaradar-main-'));
  dirs.push(dir);
  return dir;
}

/**
 * Starts `node --import tsx src/main.ts` (or `node <built>`) from server/ (as `npm start` does, proving the cwd does not
 * matter), with an environment built only from `env` and loopback defaults, never the developer's shell
 * (unless `inheritEnv`).
 */
export function spawnMain(env: Record<string, string> = {}, options: SpawnOptions = {}): SpawnedMain {
  const dataDir = options.dataDir ?? tempDataDir();
  const preload = (options.preload ?? []).flatMap((file) => ['--import', file]);
  const args = options.built ? [...preload, options.built] : ['--import', 'tsx', ...preload, 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: join(REPO_ROOT, 'server'),
    env: {
      ...(options.inheritEnv ? process.env : {}),
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
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.keepLines)
      output = output
        .split('\n')
        .slice(-options.keepLines - 1)
        .join('\n');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, dataDir, output: () => output, exit };
}

/** Resolves once `pattern` appears in the output; rejects if the process exits first. */
export async function waitForOutput(spawned: SpawnedMain, pattern: RegExp): Promise<RegExpExecArray> {
  for (;;) {
    const match = pattern.exec(spawned.output());
    if (match) return match;
    if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) {
      throw new Error(`server exited before ${pattern}:\n${spawned.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The base URL from the "PharmaRadar listening" line. */
export async function waitForUrl(spawned: SpawnedMain): Promise<string> {
  const match = await waitForOutput(spawned, /PharmaRadar listening url=(http:\/\/\S+)/);
  return match[1] ?? '';
}

/** SIGTERM (the graceful shutdown), then SIGKILL if it has not exited after `graceMs`. */
export async function stopMain(spawned: SpawnedMain, graceMs: number): Promise<void> {
  const { child } = spawned;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await spawned.exit;
  clearTimeout(force);
}

/** For afterEach: kills what is still running (by its own handle) and removes the temporary directories. */
export async function cleanupSpawned(): Promise<void> {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
