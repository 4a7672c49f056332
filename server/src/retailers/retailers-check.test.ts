import { demoShops } from '../demo/demo-shops';
import { describe, expect, it } from 'vitest';
import { formatCheck, runRetailersCheck, type CheckEnv } from './retailers-check';

const env: CheckEnv = {
  RETAILERS_MODE: 'demo',
  RETAILERS: ['farmaline', 'medimarket', 'multipharma'],
  RETAILER_TIMEOUT_MS: 3000,
  DEMO_LATENCY_MS: { farmaline: 0, medimarket: 0, multipharma: 0 },
  DEMO_FAULTS: {},
  DEMO_PRICES_MOVE: true,
};

describe('retailers check', () => {
  it('reports every configured retailer working in demo mode', async () => {
    const { results, ok } = await runRetailersCheck(env, demoShops);
    expect(ok).toBe(true);
    expect(results.map((r) => [r.retailer, r.query.kind])).toEqual([
      ['farmaline', 'name'],
      ['farmaline', 'cnk'],
      ['medimarket', 'name'],
      ['medimarket', 'cnk'],
      ['multipharma', 'name'],
      ['multipharma', 'cnk'],
    ]);
    expect(formatCheck(results)).toMatch(/farmaline\s+name "dafalgan"\s+fetch: OK\s+parse: \d+ offers/);
  });

  it('fails when a retailer is blocked or its markup changed', async () => {
    const { results, ok } = await runRetailersCheck(
      { ...env, DEMO_FAULTS: { multipharma: '403', medimarket: 'garbage' } },
      demoShops,
    );
    expect(ok).toBe(false);
    const text = formatCheck(results);
    expect(text).toMatch(/multipharma\s+name "dafalgan"\s+fetch: blocked: HTTP 403/);
    expect(text).toMatch(/medimarket\s+name "dafalgan"\s+fetch: OK\s+parse: parse failed/);
    expect(text).toMatch(/farmaline\s+name "dafalgan"\s+fetch: OK\s+parse: \d+ offers/);
  });
});
