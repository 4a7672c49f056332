// npm run load: a fixed-rate load test of the cached search and the account calls against a real
// server process (demo mode, temporary DATA_DIR, loopback), all scenarios at once for `seconds`.
// autocannon's overallRate keeps the offered rate fixed, so latencies are those a client sees at that
// rate (not the server's best-case throughput). load.test.ts runs it briefly to keep it working.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import { searchUrl } from '../src/features/search/testing/sse';
import { spawnMain, stopMain, waitForUrl, type SpawnedMain } from '../src/main-process.test-support';
import { registerVerifiedAccount } from '../test/helpers/accounts';
import { createTestClient } from '../test/helpers/test-client';
import { createFakeWebDist } from '../test/helpers/test-server';
import {
  canBindLoopbackSources,
  fireFromSources,
  loopbackSources,
  sourcesFor,
  type RunResult,
} from './fixed-rate-sources';

export const LOAD_LIMITS = { rate: { min: 1, max: 2000 }, seconds: { min: 1, max: 120 } } as const;
/** Time allowed beyond `seconds` for start-up, warm-up and the last answers before everything is stopped. */
const GRACE_MS = 60_000;
const SEARCH_QUERY = 'vichy';

export interface LoadOptions {
  /** Requests per second offered in total, shared between the scenarios by their weights. */
  rate: number;
  seconds: number;
}

export interface ScenarioReport {
  name: string;
  rate: number;
  sent: number;
  /** Answers received (requests still in flight when the time is up count in neither). */
  answered: number;
  ok: number;
  /** Socket errors + timeouts + non-2xx answers (but the `throttled` ones). */
  errors: number;
  /** Client addresses the scenario came from (the login scenario: several, see fixed-rate-sources.ts). */
  sources: number;
  /**
   * 429s of the login limit counted apart from the errors: only when the machine cannot bind several
   * loopback addresses, so that all logins come from one (then the limit answers most of them).
   */
  throttled: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

export interface LoadReport {
  options: LoadOptions;
  url: string;
  scenarios: ScenarioReport[];
  errors: number;
  /** Where it ran: the figures mean nothing without it. */
  machine: string;
}

export interface Scenario {
  name: string;
  weight: number;
  request: Pick<Options, 'method' | 'headers' | 'body'> & { path: string };
  /** Sent from several loopback addresses: the server limits this route per client address. */
  perAddressLimit?: boolean;
}

function clampInt(value: number, { min, max }: { min: number; max: number }, name: string): number {
  if (!Number.isFinite(value) || Math.round(value) !== value || value < min || value > max) {
    throw new Error(`${name} must be a whole number between ${min} and ${max}`);
  }
  return value;
}

export function checkLoadOptions(options: LoadOptions): LoadOptions {
  return {
    rate: clampInt(options.rate, LOAD_LIMITS.rate, 'rate'),
    seconds: clampInt(options.seconds, LOAD_LIMITS.seconds, 'seconds'),
  };
}

/**
 * The real entry point (main.ts) as its own process, so the load generator does not share its event
 * loop; `processes` is WEB_CONCURRENCY (load-scaling.ts compares 1 and 2).
 */
export function startServerProcess(dataDir: string, processes = 1): SpawnedMain {
  const env = {
    WEB_CONCURRENCY: String(processes),
    // Stripe settings that are never called: the look-alike would hold the server to one process.
    STRIPE_SECRET_KEY: 'sk_test_load',
    STRIPE_WEBHOOK_SECRET: 'whsec_load',
    STRIPE_PRICE_PRO_MONTHLY: 'price_load',
    LOG_LEVEL: 'info',
    RETAILERS_MODE: 'demo',
    WEB_DIST_DIR: createFakeWebDist(join(dataDir, 'web-dist')),
    // One loopback client stands for every user here; the per-client search limit would answer 429.
    SEARCH_RATE_LIMIT_PER_MIN: '1000000',
    BACKUP_INTERVAL_H: '0',
  };
  return spawnMain(env, { dataDir, keepLines: 40 });
}

/** A logged-in account, a cached search and an anonymous CSRF pair: what the scenarios replay. */
export async function prepare(url: string, dataDir: string): Promise<Scenario[]> {
  const account = await registerVerifiedAccount(url, join(dataDir, 'outbox'), 'load@example.be');
  const sessionCookie = [...account.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const anonymous = createTestClient(url);
  const token = await anonymous.csrf();
  const anonymousCookie = [...anonymous.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const search = searchUrl(url, SEARCH_QUERY).slice(url.length);
  for (let i = 0; i < 50; i++) {
    const res = await fetch(url + search, { headers: { accept: 'application/json' } });
    if (((await res.json()) as { cached?: boolean }).cached) break;
  }
  const json = { accept: 'application/json' };
  const scenarios: Scenario[] = [
    { name: 'search (cached)', weight: 0.5, request: { path: search, headers: json } },
    {
      name: 'GET /api/auth/me/',
      weight: 0.2,
      request: { path: '/api/auth/me/', headers: { ...json, cookie: sessionCookie } },
    },
    { name: 'GET /api/auth/csrf/', weight: 0.2, request: { path: '/api/auth/csrf/', headers: json } },
    {
      name: 'POST /api/auth/login/',
      weight: 0.1,
      perAddressLimit: true,
      request: {
        path: '/api/auth/login/',
        method: 'POST',
        headers: { ...json, 'content-type': 'application/json', cookie: anonymousCookie, 'x-csrftoken': token },
        body: JSON.stringify({ username: account.email, password: account.password }),
      },
    },
  ];
  // Each request once before the run: a scenario that cannot succeed (CSRF, cookie) fails here, loudly.
  for (const { name, request } of scenarios) {
    const res = await fetch(url + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    if (!res.ok) throw new Error(`scenario ${name} answers ${res.status} before the run: ${await res.text()}`);
  }
  return scenarios;
}

function fire(
  url: string,
  scenario: Scenario,
  rate: number,
  seconds: number,
): { done: Promise<RunResult>; stop(): void } {
  let instance: ReturnType<typeof autocannon> | undefined;
  const done = new Promise<Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: url + scenario.request.path,
        method: scenario.request.method ?? 'GET',
        headers: scenario.request.headers,
        body: scenario.request.body,
        // Enough connections that slow answers do not lower the offered rate (one request per
        // connection at a time): up to one per request/s, at most 64 per scenario.
        connections: Math.min(64, rate),
        overallRate: rate,
        duration: seconds,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  return { done: done.then(fromAutocannon), stop: () => instance?.stop() };
}

function fromAutocannon(result: Result): RunResult {
  return {
    sent: result.requests.sent,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
  };
}

function summarise(name: string, rate: number, result: RunResult, sources: number, apart429: boolean): ScenarioReport {
  const { statuses } = result;
  const sum = (entries: Array<[string, number]>) => entries.reduce((total, [, count]) => total + count, 0);
  const throttled = apart429 ? (statuses['429'] ?? 0) : 0;
  return {
    name,
    rate,
    sent: result.sent,
    answered: sum(Object.entries(statuses)),
    ok: sum(Object.entries(statuses).filter(([code]) => code.startsWith('2'))),
    errors: result.errors + result.timeouts + result.non2xx - throttled,
    sources,
    throttled,
    p50: result.p50,
    p99: result.p99,
    statuses,
  };
}

export async function runLoad(input: LoadOptions): Promise<LoadReport> {
  const options = checkLoadOptions(input);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'pharmaradar-load-'));
  let server: SpawnedMain | undefined;
  const runs: Array<ReturnType<typeof fire>> = [];
  // Bounded whatever happens: past seconds + grace, every load run is stopped.
  const deadline = setTimeout(() => runs.forEach((run) => run.stop()), options.seconds * 1000 + GRACE_MS);
  try {
    server = startServerProcess(dataDir);
    const url = await waitForUrl(server);
    const scenarios = await prepare(url, dataDir);
    const rates = scenarios.map((s) => Math.max(1, Math.round(options.rate * s.weight)));
    // Several client addresses where the server limits per address (Linux: all of 127/8 is loopback).
    const multiSource = await canBindLoopbackSources(url);
    const sources = scenarios.map((s, i) =>
      s.perAddressLimit && multiSource ? loopbackSources(sourcesFor(rates[i]!, options.seconds)) : [],
    );
    scenarios.forEach((s, i) =>
      runs.push(
        s.perAddressLimit
          ? fireFromSources(url, s.request, { rate: rates[i]!, seconds: options.seconds, sources: sources[i]! })
          : fire(url, s, rates[i]!, options.seconds),
      ),
    );
    const results = await Promise.all(runs.map((run) => run.done));
    const reports = results.map((result, i) =>
      summarise(
        scenarios[i]!.name,
        rates[i]!,
        result,
        Math.max(1, sources[i]!.length),
        scenarios[i]!.perAddressLimit === true && !multiSource,
      ),
    );
    return {
      options,
      url,
      scenarios: reports,
      errors: reports.reduce((sum, r) => sum + r.errors, 0),
      machine: machineLine(),
    };
  } catch (error) {
    if (server) (error as Error).message += `\nlast server lines:\n${server.output()}`;
    throw error;
  } finally {
    clearTimeout(deadline);
    if (server) await stopMain(server, 15_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Where it ran: the figures mean nothing without it. */
export function machineLine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `Node ${process.version}, ${cpus.length} CPU (${cpus[0]?.model.trim() ?? '?'}), ${os.platform()}, load average ${load}`;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits, useGrouping: false });

export function formatLoadReport(report: LoadReport): string {
  const { rate, seconds } = report.options;
  const rows = report.scenarios.map(
    (s) =>
      `| ${s.name} | ${s.rate} | ${s.sent} | ${s.answered} | ${s.ok} | ${s.errors} | ${fmt(s.p50, 1)} | ${fmt(s.p99, 1)} | ${Object.entries(
        s.statuses,
      )
        .map(([code, count]) => `${code}:${count}`)
        .join(' ')} |`,
  );
  return [
    `Load test: ${rate} req/s for ${seconds} s against ${report.url} (demo mode, separate server process)`,
    report.machine,
    '',
    '| scenario | req/s | sent | answered | 2xx | errors | p50 ms | p99 ms | statuses |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --- |',
    ...rows,
    '',
    ...report.scenarios
      .filter((s) => s.sources > 1)
      .map((s) => `${s.name}: from ${s.sources} loopback addresses (127.0.0.2…), under the per-address limit`),
    ...report.scenarios
      .filter((s) => s.throttled > 0)
      .map(
        (s) =>
          `${s.name}: ${s.throttled} answers 429 from the per-address limit (one address here), not counted as errors`,
      ),
    `errors: ${report.errors}`,
  ].join('\n');
}
