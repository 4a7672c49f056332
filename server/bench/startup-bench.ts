// Start-up time and resident memory of the server run from source through tsx (development) versus
// the built JavaScript that `npm start` runs (ADR 175): spawn to "PharmaRadar listening", RSS right
// after and after a run of searches, medians over alternating rounds.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, serverBuildIsStale, SERVER_DIST } from '../../scripts/server-build.mjs';
import { cleanupSpawned, spawnMain, stopMain, waitForUrl } from '../src/main-process.test-support';
import { searchUrl } from '../src/features/search/testing/sse';

export interface StartupOptions {
  rounds: number;
  searches: number;
  /** Where the built server is (built first when stale); server/dist by default. */
  distDir?: string;
}
export const FULL_STARTUP: StartupOptions = { rounds: 3, searches: 50 };

export interface StartupSample {
  startMs: number;
  rssStartMb: number;
  rssSearchedMb: number;
}
export interface StartupReport {
  options: StartupOptions;
  tsx: StartupSample;
  built: StartupSample;
}

const QUERIES = [
  'vichy',
  'avène',
  'nurofen',
  'la roche',
  'bepanthen',
  'dafalgan',
  'isdin',
  'eucerin',
  'sinutab',
  'rennie',
];

/** Resident set size of a process in MB (Linux /proc, else ps). */
export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux
  }
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) / 1024
  );
}

async function sample(built: string | undefined, searches: number): Promise<StartupSample> {
  const started = performance.now();
  const spawned = spawnMain({ LOG_LEVEL: 'info' }, built ? { built } : {});
  const url = await waitForUrl(spawned);
  const startMs = performance.now() - started;
  const pid = spawned.child.pid!;
  const rssStartMb = rssMb(pid);
  for (let i = 0; i < searches; i++) {
    // Distinct queries, so each is a real search through the demo shops, not a cached answer.
    const q = `${QUERIES[i % QUERIES.length]!}${i >= QUERIES.length ? ` ${Math.floor(i / QUERIES.length)}` : ''}`;
    await fetch(searchUrl(url, q)).then((r) => r.arrayBuffer());
  }
  const rssSearchedMb = rssMb(pid);
  await stopMain(spawned, 5000);
  await cleanupSpawned();
  return { startMs, rssStartMb, rssSearchedMb };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const medianSample = (xs: StartupSample[]): StartupSample => ({
  startMs: median(xs.map((x) => x.startMs)),
  rssStartMb: median(xs.map((x) => x.rssStartMb)),
  rssSearchedMb: median(xs.map((x) => x.rssSearchedMb)),
});

export async function runStartupBench(options: StartupOptions = FULL_STARTUP): Promise<StartupReport> {
  const distDir = options.distDir ?? SERVER_DIST;
  if (serverBuildIsStale({ distDir })) await buildServer({ outdir: distDir });
  const tsx: StartupSample[] = [];
  const built: StartupSample[] = [];
  for (let round = 0; round < options.rounds; round++) {
    tsx.push(await sample(undefined, options.searches));
    built.push(await sample(join(distDir, 'main.js'), options.searches));
  }
  return { options, tsx: medianSample(tsx), built: medianSample(built) };
}

export function formatStartupBench(report: StartupReport): string {
  const rows: [string, keyof StartupSample, string][] = [
    ['start-up (spawn → listening)', 'startMs', 'ms'],
    ['RSS after start', 'rssStartMb', 'MB'],
    [`RSS after ${report.options.searches} searches`, 'rssSearchedMb', 'MB'],
  ];
  return [
    `\nServer start-up, from source (node --import tsx src/main.ts) vs built (node server/dist/main.js); medians of ${report.options.rounds} alternating rounds, demo shops:`,
    '| metric | tsx | built | built ÷ tsx |',
    '|---|---|---|---|',
    ...rows.map(
      ([label, key, unit]) =>
        `| ${label} | ${report.tsx[key].toFixed(0)} ${unit} | ${report.built[key].toFixed(0)} ${unit} | ${(report.built[key] / report.tsx[key]).toFixed(2)} |`,
    ),
  ].join('\n');
}
