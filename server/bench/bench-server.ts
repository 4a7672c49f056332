import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { loadEnv, type Env } from '../src/config/env';
import type { CountingDemo } from '../src/demo/counting-demo';
import { createLogger } from '../src/lib/log';
import { startServer, type RunningServer } from '../src/server';

// The server the benches measure: the real one in demo mode on loopback, silent, with no demo latency
// of its own and no search limit, in a fresh DATA_DIR, its shops the counting demo's front doors.

export type BenchServer = { server: RunningServer; env: Env; close(): Promise<void> };

/** Starts it with `env` on top of the bench settings; close() stops it and removes its DATA_DIR. */
export async function startBenchServer(shops: CountingDemo, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'pharmaradar-bench-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const loaded = loadEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RETAILERS_MODE: 'demo',
      DEMO_LATENCY_MS: '',
      SEARCH_RATE_LIMIT_PER_MIN: '1000000',
      ...env,
      ...shops.envOverrides,
    });
    const server = await startServer(loaded, { log: createLogger({ level: 'silent' }) });
    return {
      server,
      env: loaded,
      async close() {
        await server.close();
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}

/** Requests that reached the demo shops since their last reset(), all shops together. */
export const shopRequests = (shops: CountingDemo) => Object.values(shops.counts()).reduce((a, b) => a + b, 0);
