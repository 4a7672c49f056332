// The cached search in the production configuration (ADR 239): the built server as `npm start` runs it,
// NODE_ENV=production (JSON access log on, one line per request, read by this process through a pipe
// as a collector would), one process, against a bare Hono handler answering the same bytes. Both
// alternate round by round, so a load change on the shared machine hits both alike.
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { Hono } from 'hono';
import { buildServer, serverBuildIsStale, SERVER_DIST } from '../../scripts/server-build.mjs';
import { searchUrl } from '../src/features/search/testing/sse';
import { cleanupSpawned, spawnMain, stopMain, waitForOutput } from '../src/main-process.test-support';
import { median } from './bench-timing';
import { listen, load, throughput, type BenchOptions } from './search-bench';

interface ProductionOptions {
  load: BenchOptions['load'];
  rounds: number;
  /** Where the built server is (built first when stale); server/dist by default. */
  distDir?: string;
}
const FULL_PRODUCTION: ProductionOptions = { load: { connections: 20, duration: 3, workers: 1 }, rounds: 5 };

interface ProductionReport {
  options: ProductionOptions;
  ours: number;
  bare: number;
  /** Median of the per-round ratios. */
  ratio: number;
  /** The bare handler sending our headers too, byte for byte the same answer. */
  bareSameHeaders: number;
  ratioSameHeaders: number;
  /** Access lines the server wrote during the load runs. */
  accessLines: number;
}

/** The bar (ADR 239): in the production configuration too, at least half a bare handler's requests/s. */
const PRODUCTION_RATIO_BAR = 0.5;
const QUERY = 'vichy';
/** Written by Node for each answer, not by a handler. */
const PER_CONNECTION = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export async function runProductionBench(options: ProductionOptions = FULL_PRODUCTION): Promise<ProductionReport> {
  const distDir = options.distDir ?? SERVER_DIST;
  if (serverBuildIsStale({ distDir })) await buildServer({ outdir: distDir });
  const spawned = spawnMain(
    {
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
      RETAILERS_MODE: 'demo',
      SEARCH_RATE_LIMIT_PER_MIN: '1000000',
    },
    { built: join(distDir, 'main.js'), keepLines: 20 },
  );
  let accessLines = 0;
  spawned.child.stdout?.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) accessLines += 1;
  });
  let bareServer: Server | undefined;
  try {
    const listening = await waitForOutput(spawned, /"url":"(http:[^"]+)"[^\n]*"message":"PharmaRadar listening"/);
    const url = searchUrl(listening[1]!, QUERY);
    const headers = { accept: 'application/json' };
    await fetch(url, { headers }).then((r) => r.arrayBuffer()); // fetched from the demo shops, then cached
    const cached = await fetch(url, { headers });
    const body = await cached.text();
    if (!(JSON.parse(body) as { cached: boolean }).cached) throw new Error('the search is not cached');
    // Two bare handlers: one sends the body with its Content-Type only; the other sends our headers too
    // (security, cache, rate limit, request id), so the two answers are the same bytes but the date.
    const sameHeaders: Record<string, string> = {};
    cached.headers.forEach((value, name) => {
      if (!PER_CONNECTION.has(name)) sameHeaders[name] = value;
    });
    const bare = new Hono();
    bare.get('/', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }));
    bare.get('/same/', (c) => c.body(body, 200, sameHeaders));
    const bareListening = await listen(bare);
    bareServer = bareListening.server;
    const oursRuns: Result[] = [];
    const bareRuns: Result[] = [];
    const sameRuns: Result[] = [];
    const linesBefore = accessLines;
    for (let round = 0; round < options.rounds; round++) {
      oursRuns.push(await load(url, options.load));
      bareRuns.push(await load(bareListening.url, options.load));
      sameRuns.push(await load(new URL('/same/', bareListening.url).href, options.load));
    }
    return {
      options,
      ours: median(oursRuns.map(throughput)),
      bare: median(bareRuns.map(throughput)),
      ratio: median(oursRuns.map((r, i) => throughput(r) / throughput(bareRuns[i]!))),
      bareSameHeaders: median(sameRuns.map(throughput)),
      ratioSameHeaders: median(oursRuns.map((r, i) => throughput(r) / throughput(sameRuns[i]!))),
      accessLines: accessLines - linesBefore,
    };
  } finally {
    bareServer?.closeAllConnections();
    bareServer?.close();
    await stopMain(spawned, 5000);
    await cleanupSpawned();
  }
}

export function formatProductionBench(report: ProductionReport): string {
  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return [
    `\nCached search in the production configuration (built server, NODE_ENV=production, JSON access log through a pipe, 1 process) ÷ bare Hono handler answering the same bytes; medians of ${report.options.rounds} alternating rounds:`,
    `| ours req/s | bare req/s | ratio | bar |`,
    `|---|---|---|---|`,
    `| ${fmt(report.ours)} | ${fmt(report.bare)} | ${report.ratio.toFixed(2)} | ${PRODUCTION_RATIO_BAR} — ${
      report.ratio >= PRODUCTION_RATIO_BAR ? 'OK' : 'under the bar'
    } |`,
    `The bare handler sending our headers too (the same answer byte for byte but the date): ${fmt(
      report.bareSameHeaders,
    )} req/s, ours ÷ it ${report.ratioSameHeaders.toFixed(2)} (for reading the bar above: the headers' share of the gap).`,
    `(${fmt(report.accessLines)} access lines written during the runs.)`,
  ].join('\n');
}
