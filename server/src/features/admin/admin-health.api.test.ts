import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetailerHealth } from '@pharmaradar/shared/admin.schema';
import type { TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { signedIn, staffCli } from './admin.test-support';

// Medi-Market serves pages the parser no longer recognises, Multipharma blocks (403): what the staff
// admin must notice. No cache, so every search reaches every shop.
let server: TestServer;
let staff: TestClient;
const FARMALINE_LATENCY_MS = 20;
beforeAll(async () => {
  server = await startTestServer({
    RETAILERS_MODE: 'demo',
    SEARCH_CACHE_TTL_S: '0',
    SEARCH_RATE_LIMIT_PER_MIN: '1000',
    DEMO_LATENCY_MS: `farmaline:${FARMALINE_LATENCY_MS},medimarket:20,multipharma:20`,
    DEMO_FAULTS: 'medimarket:garbage,multipharma:403',
  });
  staff = await signedIn(server, 'ops@example.be');
  await staffCli(server, 'ops@example.be');
}, 180_000);
afterAll(() => server?.close());

async function search(q: string) {
  const res = await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}`, {
    headers: { accept: 'application/json' },
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('retailer health and search statistics', () => {
  it('counts the recorded calls per retailer over the last 24 hours', async () => {
    for (const q of ['vichy', 'avène', 'dafalgan', 'vichy']) await search(q);
    const res = await staff.get('/api/admin/retailers/health/');
    expect(res.status).toBe(200);
    const byId: Partial<Record<string, RetailerHealth>> = Object.fromEntries(
      (res.body.retailers as RetailerHealth[]).map((r) => [r.retailer, r]),
    );
    expect(byId.farmaline).toMatchObject({ searches: 4, success_rate: 1, parse_failures: 0, blocks: 0 });
    expect(byId.medimarket).toMatchObject({ searches: 4, success_rate: 0, parse_failures: 4, blocks: 0 });
    // A 403 cools the host down: later searches are refused without a request, still 'blocked'.
    expect(byId.multipharma).toMatchObject({ searches: 4, success_rate: 0, parse_failures: 0, blocks: 4 });
    // Farmaline answers after its 20 ms demo latency at the very least.
    const { median_ms, p95_ms } = byId.farmaline!;
    expect(median_ms).toBeGreaterThanOrEqual(FARMALINE_LATENCY_MS);
    expect(p95_ms).toBeGreaterThanOrEqual(median_ms!);
  });

  it('lists top queries and the queries that found nothing', async () => {
    await search('zzz-nothing-like-this');
    const { body } = await staff.get('/api/admin/search-stats/');
    expect(body.days).toBe(30);
    expect(body.top[0]).toEqual({ query: 'vichy', searches: 2 });
    expect(body.top).toContainEqual({ query: 'avène', searches: 1 });
    expect(body.no_result).toEqual([{ query: 'zzz-nothing-like-this', searches: 1 }]);
  });

  it('runs the retailer check on demand, keeps it as the latest, and audits it', async () => {
    expect((await staff.get('/api/admin/retailers/check/')).body).toEqual({ check: null });
    const run = await staff.post('/api/admin/retailers/check/run/');
    expect(run.status).toBe(200);
    expect(run.body.check).toMatchObject({ source: 'admin', ok: false });
    const probes = run.body.check.results as Array<{ retailer: string; query: string; ok: boolean; parse: string }>;
    expect(probes.filter((p) => p.retailer === 'farmaline').every((p) => p.ok)).toBe(true);
    expect(probes.find((p) => p.retailer === 'medimarket')!.parse).toMatch(/^parse failed/);
    expect(probes.map((p) => p.query)).toContain('dafalgan');
    expect((await staff.get('/api/admin/retailers/check/')).body).toEqual(run.body);
    const audit = (await staff.get('/api/admin/audit/')).body.entries;
    expect(audit[0]).toMatchObject({
      action: 'run_retailers_check',
      actor_email: 'ops@example.be',
      details: { ok: false },
    });
  });
});
