import { describe, expect, it } from 'vitest';
import { formatMarketBench, runMarketBench } from './market-bench';

// The market bench at a small size and fast shops: the same code path as `npm run bench`, so a change
// that breaks it fails here. Times are not asserted (they belong to the bench); only that it measured.
describe('market bench', () => {
  it('refreshes the group in one pass, prices it from the store with no shop asked, and prints the ratio', async () => {
    const report = await runMarketBench({ cnks: 3, latencyMs: { farmaline: 10, medimarket: 20, multipharma: 30 } });
    expect(report.pass.shops.map((s) => [s.retailer, s.refreshed + s.failed])).toEqual([
      ['farmaline', 3],
      ['medimarket', 3],
      ['multipharma', 3],
    ]);
    expect(report.passRequests).toBeGreaterThanOrEqual(9);
    expect(report.storedRequests).toBe(0);
    expect(report.coldRequests).toBeGreaterThan(0);
    expect(Number.isFinite(report.ratio) && report.ratio > 0).toBe(true);
    const printed = formatMarketBench(report);
    expect(printed).toMatch(/stored ÷ cold \(bar: at most 0.1\): \d+\.\d{3} — (OK|over the bar)/);
    expect(printed).not.toMatch(/NaN|Infinity/);
  }, 30_000);
});
