import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMarketResponse } from '@pharmaradar/shared/admin.schema';
import { createClock } from '../test/helpers/clock';
import type { TestClient } from '../test/helpers/test-client';
import { getDemoCatalogue } from './demo/catalogue';
import {
  searchUrl,
  startSearchTestServer,
  TEST_LATENCY_MS,
  type SearchTestServer,
} from './features/search/testing/search-test-kit.test-support';
import { signedIn, staffCli } from './features/admin/admin.test-support';

// The /admin market panel (docs/decisions/249): how many CNKs the refresh job keeps warm, the share
// of them fresh at each shop read from its pages, each shop's response time as measured on its stored
// answers, and how long a full pass takes: at least the set rate's floor, longer where a shop answers slower.

const HOUR = 3_600_000;
const cnks = getDemoCatalogue()
  .filter((p) => !p.prescription && p.cnk)
  .slice(0, 2)
  .map((p) => p.cnk!);

describe('GET /api/admin/market/', () => {
  const clock = createClock(Date.UTC(2026, 10, 28, 5, 0));
  let ctx: SearchTestServer;
  let staff: TestClient;
  let someone: TestClient;
  beforeAll(async () => {
    ctx = await startSearchTestServer(
      { MARKET_FRESH_H: '24', MARKET_REFRESH_INTERVAL_MIN: '0', MARKET_RATE_PER_SHOP: '2/s' },
      {},
      { now: clock.now },
    );
    staff = await signedIn(ctx.server, 'ops@example.be');
    await staffCli(ctx.server, 'ops@example.be');
    someone = await signedIn(ctx.server, 'someone@example.be');
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const market = async () => {
    const res = await staff.get('/api/admin/market/');
    expect(res.status).toBe(200);
    return (res.body as AdminMarketResponse).market!;
  };

  it('shows the wanted CNKs, the share fresh and response time per page shop, and a full pass at the slowest pace', async () => {
    expect(await market()).toEqual({
      wanted: 0,
      fresh_hours: 24,
      interval_ms: 500,
      floor_pass_ms: 0,
      full_pass_ms: 0,
      shops: ['farmaline', 'medimarket', 'multipharma'].map((retailer) => ({
        retailer,
        fresh: 0,
        response_ms: null,
        pass_ms: 0,
      })),
    });
    for (const cnk of cnks) expect((await fetch(searchUrl(ctx.server.url, cnk))).status).toBe(200);
    const warm = await market();
    expect(warm).toMatchObject({ wanted: 2, floor_pass_ms: 2 * 500 });
    expect(warm.shops.map((s) => s.fresh)).toEqual([2, 2, 2]);
    // Each shop's answers took at least its demo latency; Multipharma's (700 ms) is slower than one
    // request every 500 ms, so it sets the pass: one request at a time, each as long as it answers.
    const shop = (id: string) => warm.shops.find((s) => s.retailer === id)!;
    for (const { retailer, response_ms } of warm.shops)
      expect(response_ms).toBeGreaterThanOrEqual(TEST_LATENCY_MS[retailer as keyof typeof TEST_LATENCY_MS]);
    expect(shop('farmaline').pass_ms).toBe(2 * Math.max(500, shop('farmaline').response_ms!));
    expect(shop('multipharma').pass_ms).toBe(2 * shop('multipharma').response_ms!);
    expect(warm.full_pass_ms).toBe(Math.max(...warm.shops.map((s) => s.pass_ms)));
    expect(warm.full_pass_ms).toBeGreaterThanOrEqual(2 * 700);
    // MARKET_FRESH_H later, no price is fresh any more; the CNKs are still wanted and the shops' measured
    // speed still holds for the pass that refreshes them.
    clock.advance(24 * HOUR);
    const stale = await market();
    expect(stale).toMatchObject({ wanted: 2, floor_pass_ms: 1000, full_pass_ms: warm.full_pass_ms });
    expect(stale.shops.map((s) => s.fresh)).toEqual([0, 0, 0]);
  });

  it('answers 404 to anyone but staff', async () => {
    expect((await someone.get('/api/admin/market/')).status).toBe(404);
  });
});
