import { describe, expect, it } from 'vitest';
import { formatReport } from './bench-report';
import { runSearchBench, type BenchOptions } from './search-bench';

// The benchmark at a reduced size: the same code path as `npm run bench`, so a change that breaks the
// measurements (or the coalescing it reports) fails here instead of going unnoticed. Speeds are not
// asserted (they belong to the benchmark itself); only that every row is measured and sane.
const SMALL: BenchOptions = {
  latencyMs: { farmaline: 10, medimarket: 20, multipharma: 30 },
  queries: ['vichy', 'nurofen'],
  concurrent: 12,
  load: { connections: 4, duration: 0.5 },
  loadRounds: 1,
};

// One name search reaches Farmaline once, Multipharma once and Medi-Market twice (its parapharmacy
// and pharmacy shops are separate sites, docs/retailers.md#medi-market).
const REQUESTS_PER_NAME_SEARCH = 1 + 2 + 1;

describe('search benchmark', () => {
  it('measures the five rows at a reduced size, with finite positive ratios and coalesced upstream requests', async () => {
    const report = await runSearchBench(SMALL);

    expect(report.rows.map((r) => r.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const row of report.rows) {
      expect(Number.isFinite(row.ratio), row.metric).toBe(true);
      expect(row.ratio, row.metric).toBeGreaterThan(0);
      expect(Number.isFinite(row.best) && row.best > 0, row.metric).toBe(true);
    }
    expect(Object.keys(report.perRetailerMs).sort()).toEqual(['farmaline', 'medimarket', 'multipharma']);

    // (d): the concurrent identical searches cost exactly what one search costs upstream.
    expect(report.perSearch).toBe(REQUESTS_PER_NAME_SEARCH);
    expect(report.upstream).toBe(REQUESTS_PER_NAME_SEARCH);
    expect(report.rows[3]!.ratio).toBeCloseTo(1 / SMALL.concurrent, 6);

    const printed = formatReport(report);
    const tableRows = printed.split('\n').filter((l) => /^\| \([a-e]\) /.test(l));
    expect(tableRows.map((l) => l.slice(2, 5))).toEqual(['(a)', '(b)', '(c)', '(d)', '(e)']);
    expect(printed).not.toMatch(/NaN|Infinity/);
    expect(printed).toMatch(
      /Cached search ÷ bare Hono JSON handler \(bar: at least 0.6\): \d\.\d\d — (OK|under the bar)/,
    );
  }, 25_000);
});
