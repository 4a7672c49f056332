// npm run load, second part: what a second server process (WEB_CONCURRENCY=2, ADR 177) buys. The same
// server is started with 1 then 2 processes; each is driven flat out (a fixed number of connections,
// no fixed rate) with cached searches and `me` calls, and the run reports the throughput and p99 of
// each and their ratio. On a machine with fewer free cores than processes the ratio stays near 1.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { stopMain, waitForUrl, type SpawnedMain } from '../src/main-process.test-support';
import { fmt, machineLine, prepare, startServerProcess } from './load-test';

/** Connections kept busy per scenario: enough to saturate two processes on a small machine. */
const CONNECTIONS = 16;
const SCENARIOS = ['search (cached)', 'GET /api/auth/me/'];

export interface ScalingRow {
  processes: number;
  /** Answers per second, all scenarios together. */
  throughput: number;
  /** The worse p99 of the scenarios, in ms. */
  p99: number;
  errors: number;
}

export interface ScalingReport {
  seconds: number;
  rows: ScalingRow[];
  /** throughput(2) / throughput(1), and p99(2) / p99(1). */
  throughputRatio: number;
  p99Ratio: number;
  machine: string;
}

function flatOut(url: string, request: { path: string; headers?: Record<string, string> }, seconds: number) {
  return new Promise<Result>((resolve, reject) => {
    autocannon(
      { url: url + request.path, headers: request.headers, connections: CONNECTIONS, duration: seconds, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function measure(processes: number, seconds: number): Promise<ScalingRow> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'pharmaradar-scaling-'));
  let server: SpawnedMain | undefined;
  try {
    server = startServerProcess(dataDir, processes);
    const url = await waitForUrl(server);
    const scenarios = (await prepare(url, dataDir)).filter((s) => SCENARIOS.includes(s.name));
    const results = await Promise.all(scenarios.map((s) => flatOut(url, s.request, seconds)));
    const answered = results.reduce((sum, r) => sum + r.requests.total, 0);
    return {
      processes,
      throughput: answered / seconds,
      p99: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    };
  } catch (error) {
    if (server) (error as Error).message += `\nlast server lines:\n${server.output()}`;
    throw error;
  } finally {
    if (server) await stopMain(server, 15_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runScaling(seconds: number): Promise<ScalingReport> {
  // One after the other: two servers at once would share the cores being measured.
  const one = await measure(1, seconds);
  const two = await measure(2, seconds);
  return {
    seconds,
    rows: [one, two],
    throughputRatio: one.throughput > 0 ? two.throughput / one.throughput : Number.NaN,
    p99Ratio: one.p99 > 0 ? two.p99 / one.p99 : Number.NaN,
    machine: machineLine(),
  };
}

export function formatScalingReport(report: ScalingReport): string {
  return [
    `Processes (WEB_CONCURRENCY), flat out for ${report.seconds} s each: cached search + me, ${CONNECTIONS} connections each`,
    report.machine,
    '',
    '| processes | req/s | p99 ms | errors |',
    '| --: | --: | --: | --: |',
    ...report.rows.map((r) => `| ${r.processes} | ${fmt(r.throughput)} | ${fmt(r.p99, 1)} | ${r.errors} |`),
    '',
    `2 processes / 1: throughput x${fmt(report.throughputRatio, 2)}, p99 x${fmt(report.p99Ratio, 2)}`,
  ].join('\n');
}
