import { describe, expect, it } from 'vitest';
import { checkLoadOptions, formatLoadReport, runLoad } from './load-test';
import { formatScalingReport, runScaling } from './load-scaling';

// npm run load at a tiny size: the same code path, so a change that breaks a scenario (CSRF, session
// cookie, cached search) or the report fails here. Timings are not asserted (shared, noisy machine).
describe('npm run load', () => {
  it('runs every scenario at a fixed rate, stops by itself, and prints errors and p50/p99 per scenario', async () => {
    const report = await runLoad({ rate: 8, seconds: 2 });

    expect(report.scenarios.map((s) => s.name)).toEqual([
      'search (cached)',
      'GET /api/auth/me/',
      'GET /api/auth/csrf/',
      'POST /api/auth/login/',
    ]);
    for (const s of report.scenarios) {
      expect(s.sent, s.name).toBeGreaterThan(0);
      expect(s.ok + s.errors, s.name).toBeGreaterThanOrEqual(s.answered);
      expect(Number.isFinite(s.p50) && Number.isFinite(s.p99), s.name).toBe(true);
    }
    expect(report.errors).toBe(report.scenarios.reduce((sum, s) => sum + s.errors, 0));
    // The login scenario comes from its own loopback address(es), so the per-address limit stays out.
    const logins = report.scenarios.at(-1)!;
    expect(logins.statuses['429']).toBeUndefined();
    expect(logins.throttled).toBe(0);
    if (process.platform === 'linux') expect(logins.sources).toBeGreaterThanOrEqual(1);

    const printed = formatLoadReport(report).split('\n');
    expect(printed[0]).toMatch(/^Load test: 8 req\/s for 2 s against http:\/\/127\.0\.0\.1:\d+/);
    const rows = printed.filter((l) => /^\| (search|GET|POST) /.test(l));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatch(/^\| .+ \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \| \d+\.\d \| \d+\.\d \| .*\|$/);
    }
    expect(printed.at(-1)).toMatch(/^errors: \d+$/);

    // The server it started is gone.
    await expect(fetch(`${report.url}/api/health`)).rejects.toThrow();
  }, 90_000);

  it('measures 1 then 2 server processes flat out and prints their throughput, p99 and ratio', async () => {
    const report = await runScaling(1);
    expect(report.rows.map((r) => r.processes)).toEqual([1, 2]);
    for (const row of report.rows) {
      expect(row.throughput, `processes=${row.processes}`).toBeGreaterThan(0);
      expect(row.errors, `processes=${row.processes}`).toBe(0);
    }
    expect(report.throughputRatio).toBeCloseTo(report.rows[1]!.throughput / report.rows[0]!.throughput, 6);
    const printed = formatScalingReport(report);
    expect(printed).toMatch(/^\| 1 \| \d+ \| \d+\.\d \| 0 \|$/m);
    expect(printed).toMatch(/^\| 2 \| \d+ \| \d+\.\d \| 0 \|$/m);
    expect(printed).toMatch(/2 processes \/ 1: throughput x\d+\.\d\d, p99 x\d+\.\d\d$/);
  }, 120_000);

  it('refuses rates and durations outside its bounds', () => {
    expect(() => checkLoadOptions({ rate: 0, seconds: 5 })).toThrow(/rate/);
    expect(() => checkLoadOptions({ rate: 100_000, seconds: 5 })).toThrow(/rate/);
    expect(() => checkLoadOptions({ rate: 10, seconds: 3600 })).toThrow(/seconds/);
    expect(() => checkLoadOptions({ rate: 10, seconds: Number.NaN })).toThrow(/seconds/);
    expect(checkLoadOptions({ rate: 200, seconds: 20 })).toEqual({ rate: 200, seconds: 20 });
  });
});
