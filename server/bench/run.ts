// Search benchmarks (npm run bench): the real server in demo mode against the demo retailer sites.
// Prints, from one run: (a) time to complete ÷ slowest retailer, (b) time to first retailer event ÷
// fastest retailer, (c) our fan-out ÷ the same retailers one after the other, (d) upstream requests
// for 100 identical concurrent searches, (e) cached-search requests/s ÷ a bare Hono JSON handler.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { loadEnv } from '../src/config/env';
import { startCountingDemo, type CountingDemo } from '../src/features/search/testing/counting-demo';
import { searchUrl } from '../src/features/search/testing/sse';
import { createLogger } from '../src/lib/log';
import { createConnectors } from '../src/retailers/registry';
import type { RetailerConnector, RetailerId } from '../src/retailers/types';
import { startServer } from '../src/server';
import { median, timed, timeStreamedSearch } from './bench-timing';

const LATENCY_MS = { farmaline: 150, medimarket: 400, multipharma: 800 } as const;
const RETAILERS = Object.keys(LATENCY_MS) as RetailerId[];
const QUERIES = ['vichy', 'avène', 'nurofen', 'la roche', 'bepanthen'];
const WARM_UP_QUERY = 'dafalgan';
const COALESCE_QUERY = 'mustela';
const CONCURRENT = 100;
const LOAD = { connections: 20, duration: 3, workers: 1 };
/** Ours and the bare handler alternate, so a load change on the shared machine hits both alike. */
const LOAD_ROUNDS = 3;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function connectorsFor(shops: CountingDemo): RetailerConnector[] {
  const o = shops.envOverrides;
  return createConnectors({
    ids: RETAILERS,
    baseUrls: {
      farmaline: o.FARMALINE_BASE_URL!,
      medimarket: o.MEDIMARKET_BASE_URL!,
      multipharma: o.MULTIPHARMA_BASE_URL!,
    },
    medimarketPharmacyBaseUrl: o.MEDIMARKET_PHARMACY_BASE_URL!,
    timeoutMs: 8000,
    allowPrivateHosts: true,
  });
}

/** Each retailer asked alone, one after the other: per-retailer latency and the sequential total. */
async function retailersAlone(connectors: RetailerConnector[], q: string) {
  const times: Record<string, number> = {};
  for (const connector of connectors) {
    const { ms } = await timed(() => connector.search({ kind: 'name', value: q }, new AbortController().signal));
    times[connector.id] = ms;
  }
  const values = Object.values(times);
  return {
    times,
    fastest: Math.min(...values),
    slowest: Math.max(...values),
    sequential: values.reduce((a, b) => a + b, 0),
  };
}

function listen(app: Hono): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
      resolve({ server: server as Server, url: `http://127.0.0.1:${info.port}` }),
    ) as Server;
  });
}

async function load(url: string): Promise<Result> {
  const result = await autocannon({ url, ...LOAD, headers: { accept: 'application/json' } });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `load run against ${url} had ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
}

async function main() {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'pharmaradar-bench-'));
  const shops = await startCountingDemo({ latencyMs: LATENCY_MS, jitter: 0 });
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RETAILERS_MODE: 'demo',
    RETAILERS: RETAILERS.join(','),
    DEMO_LATENCY_MS: '',
    SEARCH_RATE_LIMIT_PER_MIN: '1000000',
    ...shops.envOverrides,
  });
  const server = await startServer(env, { log: createLogger({ level: 'silent' }) });
  const bare = new Hono();
  let bareServer: Server | undefined;
  try {
    const connectors = connectorsFor(shops);
    // Warm-up: JIT, parser modules and keep-alive sockets, for the server and the direct connectors.
    await timeStreamedSearch(server.url, WARM_UP_QUERY);
    await retailersAlone(connectors, WARM_UP_QUERY);

    const rows: Array<{
      a: number;
      b: number;
      c: number;
      complete: number;
      first: number;
      sequential: number;
      slowest: number;
      fastest: number;
    }> = [];
    const perRetailer: Record<string, number[]> = {};
    for (const q of QUERIES) {
      const timing = await timeStreamedSearch(server.url, q); // a fresh query: nothing cached
      const alone = await retailersAlone(connectors, q);
      for (const [id, ms] of Object.entries(alone.times)) (perRetailer[id] ??= []).push(ms);
      rows.push({
        a: timing.completeMs / alone.slowest,
        b: timing.firstRetailerMs / alone.fastest,
        c: timing.completeMs / alone.sequential,
        complete: timing.completeMs,
        first: timing.firstRetailerMs,
        sequential: alone.sequential,
        slowest: alone.slowest,
        fastest: alone.fastest,
      });
    }
    const m = (key: keyof (typeof rows)[number]) => median(rows.map((r) => r[key]));

    // (d) Upstream requests: one search alone, then 100 identical concurrent ones.
    shops.reset();
    await fetch(searchUrl(server.url, 'uriage')).then((r) => r.arrayBuffer());
    const perSearch = Object.values(shops.counts()).reduce((a, b) => a + b, 0);
    shops.reset();
    await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        fetch(searchUrl(server.url, COALESCE_QUERY)).then((r) => r.arrayBuffer()),
      ),
    );
    const upstream = Object.values(shops.counts()).reduce((a, b) => a + b, 0);

    // (e) A cached search under load vs a bare Hono handler answering the same JSON.
    const cachedUrl = searchUrl(server.url, QUERIES[0]!);
    const payload = (await (await fetch(cachedUrl)).json()) as { cached: boolean };
    if (!payload.cached) throw new Error('the search used for the load run is not cached');
    bare.get('/', (c) => c.json(payload));
    const bareListening = await listen(bare);
    bareServer = bareListening.server;
    const oursRuns: Result[] = [];
    const bareRuns: Result[] = [];
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      oursRuns.push(await load(cachedUrl));
      bareRuns.push(await load(bareListening.url));
    }
    const loadRatio = median(oursRuns.map((r, i) => r.requests.average / bareRuns[i]!.requests.average));
    const summary = (runs: Result[]) =>
      `${fmt(median(runs.map((r) => r.requests.average)))} (p50 ${fmt(median(runs.map((r) => r.latency.p50)), 1)} ms, p99 ${fmt(median(runs.map((r) => r.latency.p99)), 1)} ms)`;

    const cpus = os.cpus();
    console.log(
      `\nPharmaRadar search benchmark — node ${process.version}, ${os.platform()} ${os.release()}, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}`,
    );
    console.log(
      `Demo shop latency (configured): ${RETAILERS.map((id) => `${id} ${LATENCY_MS[id as keyof typeof LATENCY_MS]} ms`).join(', ')}; no jitter.`,
    );
    console.log(
      `Each retailer alone (median of ${QUERIES.length} queries, fetch + parse): ${Object.entries(perRetailer)
        .map(([id, v]) => `${id} ${fmt(median(v))} ms`)
        .join(', ')}`,
    );
    console.log(
      `Load runs: autocannon ${LOAD.connections} connections, ${LOAD.duration} s × ${LOAD_ROUNDS} alternating rounds each, ` +
        `${LOAD.workers} worker thread, same machine; medians. Load average: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.\n`,
    );

    const table = [
      ['metric', 'ours', 'reference', 'ratio', 'best possible'],
      [
        '(a) time to complete ÷ slowest retailer alone',
        `${fmt(m('complete'))} ms`,
        `${fmt(m('slowest'))} ms`,
        fmt(m('a'), 2),
        '1.00',
      ],
      [
        '(b) time to first retailer event ÷ fastest retailer alone',
        `${fmt(m('first'))} ms`,
        `${fmt(m('fastest'))} ms`,
        fmt(m('b'), 2),
        '1.00',
      ],
      [
        '(c) fan-out ÷ the retailers one after the other',
        `${fmt(m('complete'))} ms`,
        `${fmt(m('sequential'))} ms`,
        fmt(m('c'), 2),
        fmt(m('slowest') / m('sequential'), 2),
      ],
      [
        `(d) upstream requests per ${CONCURRENT} identical concurrent searches`,
        fmt(upstream),
        `${fmt(perSearch * CONCURRENT)} uncoalesced`,
        fmt(upstream / (perSearch * CONCURRENT), 3),
        fmt(perSearch / (perSearch * CONCURRENT), 3),
      ],
      [
        '(e) cached search req/s ÷ bare Hono JSON handler req/s',
        summary(oursRuns),
        summary(bareRuns),
        fmt(loadRatio, 2),
        '1.00',
      ],
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(line(table[0]!));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of table.slice(1)) console.log(line(row));
    console.log(
      `\n(a)–(c) are medians over ${QUERIES.length} fresh name searches streamed over SSE; (d) counts requests reaching the demo shops (Medi-Market asks its two shops for a name).`,
    );
  } finally {
    bareServer?.closeAllConnections();
    bareServer?.close();
    await server.close();
    await shops.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
