import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMarketResponse } from '@pharmaradar/shared/admin.schema';
import { createClock } from '../test/helpers/clock';
import type { TestClient } from '../test/helpers/test-client';
import { getDemoCatalogue } from './demo/catalogue';
import {
  searchUrl,
  startSearchTestServer,
  type SearchTestServer,
} from './features/search/testing/search-test-kit.test-support';
import { signedIn, staffCli } from './features/admin/admin.test-support';

// The /admin market panel (docs/decisions/249): how many CNKs the refresh job keeps warm, the share
// of them fresh at each shop read from its pages, and how long a full pass takes at the set rate.

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
      { MARKET_FRESH_H: '24', MARKET_REFRESH_INTERVAL_MIN: '0', MARKET_RATE_PER_SHOP: '30/min' },
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

  it('shows the wanted CNKs, the share fresh per page shop, and a full pass at the configured rate', async () => {
    expect(await market()).toEqual({
      wanted: 0,
      fresh_hours: 24,
      interval_ms: 2000,
      full_pass_ms: 0,
      shops: ['farmaline', 'medimarket', 'multipharma'].map((retailer) => ({ retailer, fresh: 0 })),
    });
    for (const cnk of cnks) expect((await fetch(searchUrl(ctx.server.url, cnk))).status).toBe(200);
    const warm = await market();
    expect(warm).toMatchObject({ wanted: 2, full_pass_ms: 2 * 2000 });
    expect(warm.shops.map((s) => s.fresh)).toEqual([2, 2, 2]);
    // MARKET_FRESH_H later, no price is fresh any more; the CNKs are still wanted.
    clock.advance(24 * HOUR);
    const stale = await market();
    expect(stale).toMatchObject({ wanted: 2, full_pass_ms: 4000 });
    expect(stale.shops.map((s) => s.fresh)).toEqual([0, 0, 0]);
  });

  it('answers 404 to anyone but staff', async () => {
    expect((await someone.get('/api/admin/market/')).status).toBe(404);
  });
});
