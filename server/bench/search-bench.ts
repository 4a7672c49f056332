// The search benchmark's measurements, runnable at full size (npm run bench) or small (bench.test.ts):
// the real server in demo mode against the demo retailer sites behind request-counting front doors.
// (a) time to complete ÷ slowest retailer, (b) time to first retailer event ÷ fastest retailer,
// (c) our fan-out ÷ the same retailers one after the other, (d) upstream requests for N identical
// concurrent searches, (e) cached-search requests/s ÷ a bare Hono JSON handler.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { startCountingDemo, type CountingDemo } from '../src/demo/counting-demo';
import { searchUrl } from '../src/features/search/testing/sse';
import { createConnectors } from '../src/retailers/registry';
import type { RetailerConnector, RetailerId } from '../src/retailers/types';
import { startBenchServer, shopRequests, type BenchServer } from './bench-server';
import { median, timed, timeStreamedSearch } from './bench-timing';

export type BenchOptions = {
  /** Demo shop latency per retailer (no jitter); the retailers benchmarked are these keys. */
  latencyMs: Partial<Record<RetailerId, number>>;
  /** Fresh name searches timed for (a)–(c); each must match products in every shop. */
  queries: string[];
  /** Identical searches fired at once for (d). */
  concurrent: number;
  /** autocannon settings for (e); workers undefined = in-process. */
  load: { connections: number; duration: number; workers?: number };
  /** Ours and the bare handler alternate, so a load change on the shared machine hits both alike. */
  loadRounds: number;
};

export const FULL_BENCH: BenchOptions = {
  latencyMs: { farmaline: 150, medimarket: 400, multipharma: 800 },
  queries: ['vichy', 'avène', 'nurofen', 'la roche', 'bepanthen'],
  concurrent: 100,
  load: { connections: 20, duration: 3, workers: 1 },
  loadRounds: 5,
};

const WARM_UP_QUERY = 'dafalgan';
const SINGLE_QUERY = 'uriage';
const COALESCE_QUERY = 'mustela';

export type BenchRowKey = 'a' | 'b' | 'c' | 'd' | 'e';
export type BenchRow = {
  key: BenchRowKey;
  metric: string;
  ours: string;
  reference: string;
  ratio: number;
  best: number;
};
export type LoadSummary = { requestsPerSecond: number; p50: number; p99: number };

export type BenchReport = {
  options: BenchOptions;
  retailers: RetailerId[];
  /** Median time of each retailer asked alone (fetch + parse), ms. */
  perRetailerMs: Record<string, number>;
  /** Upstream requests one search makes, counted at the demo shops' front doors. */
  perSearch: number;
  /** Upstream requests made by `concurrent` identical concurrent searches. */
  upstream: number;
  ours: LoadSummary;
  bare: LoadSummary;
  rows: BenchRow[];
};

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function connectorsFor(shops: CountingDemo, retailers: RetailerId[]): RetailerConnector[] {
  const o = shops.envOverrides;
  return createConnectors({
    ids: retailers,
    baseUrls: {
      farmaline: o.FARMALINE_BASE_URL!,
      medimarket: o.MEDIMARKET_BASE_URL!,
      multipharma: o.MULTIPHARMA_BASE_URL!,
      newpharma: o.NEWPHARMA_BASE_URL!,
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

export function listen(app: Hono): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
      resolve({ server: server as Server, url: `http://127.0.0.1:${info.port}` }),
    ) as Server;
  });
}

export async function load(url: string, options: BenchOptions['load']): Promise<Result> {
  const result = await autocannon({ url, ...options, headers: { accept: 'application/json' } });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `load run against ${url} had ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
}

/** Requests per second over the whole run (per-second samples would be empty for sub-second runs). */
export const throughput = (r: Result) => r.requests.total / r.duration;

function summarise(runs: Result[]): LoadSummary {
  return {
    requestsPerSecond: median(runs.map(throughput)),
    p50: median(runs.map((r) => r.latency.p50)),
    p99: median(runs.map((r) => r.latency.p99)),
  };
}

export async function runSearchBench(options: BenchOptions = FULL_BENCH): Promise<BenchReport> {
  const retailers = Object.keys(options.latencyMs) as RetailerId[];
  const shops = await startCountingDemo({ latencyMs: options.latencyMs, jitter: 0 });
  let bench: BenchServer | undefined;
  let bareServer: Server | undefined;
  try {
    bench = await startBenchServer(shops, { RETAILERS: retailers.join(',') });
    const { server } = bench;
    const connectors = connectorsFor(shops, retailers);
    // Warm-up: JIT, parser modules and keep-alive sockets, for the server and the direct connectors.
    await timeStreamedSearch(server.url, WARM_UP_QUERY);
    await retailersAlone(connectors, WARM_UP_QUERY);

    const timings: Array<Record<'complete' | 'first' | 'sequential' | 'slowest' | 'fastest', number>> = [];
    const perRetailer: Record<string, number[]> = {};
    for (const q of options.queries) {
      const timing = await timeStreamedSearch(server.url, q); // a fresh query: nothing cached
      const alone = await retailersAlone(connectors, q);
      for (const [id, ms] of Object.entries(alone.times)) (perRetailer[id] ??= []).push(ms);
      timings.push({
        complete: timing.completeMs,
        first: timing.firstRetailerMs,
        sequential: alone.sequential,
        slowest: alone.slowest,
        fastest: alone.fastest,
      });
    }
    const m = (key: keyof (typeof timings)[number]) => median(timings.map((t) => t[key]));
    const ratio = (num: 'complete' | 'first', den: 'slowest' | 'fastest' | 'sequential') =>
      median(timings.map((t) => t[num] / t[den]));

    // (d) Upstream requests: one search alone, then N identical concurrent ones.
    shops.reset();
    await fetch(searchUrl(server.url, SINGLE_QUERY)).then((r) => r.arrayBuffer());
    const perSearch = shopRequests(shops);
    shops.reset();
    await Promise.all(
      Array.from({ length: options.concurrent }, () =>
        fetch(searchUrl(server.url, COALESCE_QUERY)).then((r) => r.arrayBuffer()),
      ),
    );
    const upstream = shopRequests(shops);

    // (e) A cached search under load vs a bare Hono handler answering the same JSON.
    const cachedUrl = searchUrl(server.url, options.queries[0]!);
    const payload = (await (await fetch(cachedUrl)).json()) as { cached: boolean };
    if (!payload.cached) throw new Error('the search used for the load run is not cached');
    const bare = new Hono();
    bare.get('/', (c) => c.json(payload));
    const bareListening = await listen(bare);
    bareServer = bareListening.server;
    const oursRuns: Result[] = [];
    const bareRuns: Result[] = [];
    for (let round = 0; round < options.loadRounds; round++) {
      oursRuns.push(await load(cachedUrl, options.load));
      bareRuns.push(await load(bareListening.url, options.load));
    }
    const ours = summarise(oursRuns);
    const bareSummary = summarise(bareRuns);
    const loadRatio = median(oursRuns.map((r, i) => throughput(r) / throughput(bareRuns[i]!)));
    const show = (s: LoadSummary) => `${fmt(s.requestsPerSecond)} (p50 ${fmt(s.p50, 1)} ms, p99 ${fmt(s.p99, 1)} ms)`;
    const uncoalesced = perSearch * options.concurrent;

    return {
      options,
      retailers,
      perRetailerMs: Object.fromEntries(Object.entries(perRetailer).map(([id, v]) => [id, median(v)])),
      perSearch,
      upstream,
      ours,
      bare: bareSummary,
      rows: [
        {
          key: 'a',
          metric: '(a) time to complete ÷ slowest retailer alone',
          ours: `${fmt(m('complete'))} ms`,
          reference: `${fmt(m('slowest'))} ms`,
          ratio: ratio('complete', 'slowest'),
          best: 1,
        },
        {
          key: 'b',
          metric: '(b) time to first retailer event ÷ fastest retailer alone',
          ours: `${fmt(m('first'))} ms`,
          reference: `${fmt(m('fastest'))} ms`,
          ratio: ratio('first', 'fastest'),
          best: 1,
        },
        {
          key: 'c',
          metric: '(c) fan-out ÷ the retailers one after the other',
          ours: `${fmt(m('complete'))} ms`,
          reference: `${fmt(m('sequential'))} ms`,
          ratio: ratio('complete', 'sequential'),
          best: m('slowest') / m('sequential'),
        },
        {
          key: 'd',
          metric: `(d) upstream requests per ${options.concurrent} identical concurrent searches`,
          ours: fmt(upstream),
          reference: `${fmt(uncoalesced)} uncoalesced`,
          ratio: upstream / uncoalesced,
          best: perSearch / uncoalesced,
        },
        {
          key: 'e',
          metric: '(e) cached search req/s ÷ bare Hono JSON handler req/s',
          ours: show(ours),
          reference: show(bareSummary),
          ratio: loadRatio,
          best: 1,
        },
      ],
    };
  } finally {
    bareServer?.closeAllConnections();
    bareServer?.close();
    await bench?.close();
    await shops.close();
  }
}
