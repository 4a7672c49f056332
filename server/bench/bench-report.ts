// The benchmark's printed form: context lines, then the five-row table.
import os from 'node:os';
import type { BenchReport } from './search-bench';

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * The bar: a cached search answers at least 0.6 of bare Hono's requests per second (ADR 037 set 0.5;
 * raised once the cached path wrote nothing and built its headers once, ADR 239 and ADR 260), by both
 * figures printed: the median of the per-round ratios and the ratio of the median req/s.
 */
export const CACHED_SEARCH_RATIO_BAR = 0.6;

export function formatReport(report: BenchReport): string {
  const { options } = report;
  const cpus = os.cpus();
  const out = [
    `\nPharmaRadar search benchmark — node ${process.version}, ${os.platform()} ${os.release()}, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}`,
    `Demo shop latency (configured): ${report.retailers.map((id) => `${id} ${options.latencyMs[id]} ms`).join(', ')}; no jitter.`,
    `Each retailer alone (median of ${options.queries.length} queries, fetch + parse): ${Object.entries(
      report.perRetailerMs,
    )
      .map(([id, ms]) => `${id} ${fmt(ms)} ms`)
      .join(', ')}`,
    `Load runs: autocannon ${options.load.connections} connections, ${options.load.duration} s × ${options.loadRounds} alternating rounds each, ` +
      `${options.load.workers ? `${options.load.workers} worker thread(s)` : 'in-process'}, same machine; req/s = requests ÷ run time, medians. Load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.\n`,
  ];
  const table = [
    ['metric', 'ours', 'reference', 'ratio', 'best possible'],
    ...report.rows.map((r) => {
      const digits = r.key === 'd' ? 3 : 2;
      return [r.metric, r.ours, r.reference, fmt(r.ratio, digits), fmt(r.best, digits)];
    }),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  out.push(line(table[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.slice(1).map(line));
  const e = report.rows.find((r) => r.key === 'e');
  if (e) {
    const ofMedians = report.ours.requestsPerSecond / report.bare.requestsPerSecond;
    out.push(
      `\nCached search ÷ bare Hono JSON handler (bar: at least ${CACHED_SEARCH_RATIO_BAR}): ${fmt(e.ratio, 2)} — ${
        Math.min(e.ratio, ofMedians) >= CACHED_SEARCH_RATIO_BAR ? 'OK' : 'under the bar'
      } (median of the per-round ratios; ratio of the median req/s: ${fmt(ofMedians, 2)}; OK when both reach it)`,
    );
  }
  out.push(
    `\n(a)–(c) are medians over ${options.queries.length} fresh name searches streamed over SSE; (d) counts requests reaching the demo shops (one search makes ${report.perSearch}: Medi-Market asks its two shops for a name).`,
  );
  return out.join('\n');
}
