import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertListSchema } from '@pharmaradar/shared/alerts.schema';
import { registerVerifiedAccount } from '../../test/helpers/accounts';
import { createClock } from '../../test/helpers/clock';
import { LIVE_TEST_ENV, startTestServer, type TestServer } from '../../test/helpers/test-server';
import { createTestClient, type TestClient } from '../../test/helpers/test-client';
import { dropThenRise, lowestOnDay, noonOf } from '../../test/helpers/price-days';
import { staffCli } from '../features/admin/admin.test-support';
import { demoDay } from './demo-prices';

// The demo clock control (ADR 117, 122): with DEMO_CONTROLS=true a staff member moves the demo prices
// one day on at /__demo/clock and the alert checks run, so an alert fires in a demo without waiting
// for tomorrow. Anyone else gets a 404, and the POST needs the session's CSRF token.

const scenario = dropThenRise(demoDay(Date.parse('2026-06-01T00:00:00Z')));
const { product } = scenario;
const dateOf = (day: number) => new Date(noonOf(day)).toISOString().slice(0, 10);
/** The day's POST as a JSON client with the session's token (TestClient sends X-CSRFToken). */
const nextDay = (client: TestClient) => client.post('/__demo/clock/next-day');

async function lowestShown(server: TestServer): Promise<number> {
  const res = await fetch(`${server.url}/api/search/?q=${product.cnk}`);
  const body = (await res.json()) as { products: Array<{ cnk: string; offers: Array<{ price: number }> }> };
  return Math.min(...body.products.find((p) => p.cnk === product.cnk)!.offers.map((o) => o.price));
}

describe('demo clock control', () => {
  let server: TestServer;
  let anne: TestClient;
  let visitor: TestClient;
  let bob: TestClient;
  /** The demo day the page shows to staff. */
  const shownDate = async () =>
    /data-testid="demo-day">([^<]+)</.exec(
      (await anne.get('/__demo/clock', { headers: { Accept: 'text/html' } })).text,
    )?.[1];

  beforeAll(async () => {
    // The day before the drop: the first check (tomorrow) takes the baseline, the next one sees the drop.
    const clock = createClock(noonOf(scenario.day - 1));
    server = await startTestServer(
      { DEMO_CONTROLS: 'true', ALERTS_CHECK_INTERVAL_MIN: '0', SEARCH_CACHE_TTL_S: '3600' },
      { now: clock.now },
    );
    const account = await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, 'anne@example.be');
    anne = account.client;
    await staffCli(server, 'anne@example.be');
    bob = (await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, 'bob@example.be')).client;
    visitor = createTestClient(server.url);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses anyone but staff with 404, and staff without the CSRF token with 403: the day stays', async () => {
    expect(await shownDate()).toBe(dateOf(scenario.day - 1));
    // Anonymous, as the attacker did: no session, no token.
    const anonymous = await fetch(`${server.url}/__demo/clock/next-day`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      redirect: 'manual',
    });
    expect(anonymous.status).toBe(404);
    expect((await visitor.post('/__demo/clock/next-day')).status).toBe(404);
    // Signed in with a valid CSRF token, but not staff.
    expect((await nextDay(bob)).status).toBe(404);
    for (const client of [visitor, bob]) {
      expect((await client.get('/__demo/clock', { headers: { Accept: 'text/html' } })).status).toBe(404);
    }
    // Staff, but no token, another session's token, or another site's page.
    expect((await anne.post('/__demo/clock/next-day', undefined, { csrf: false })).status).toBe(403);
    expect((await anne.post('/__demo/clock/next-day', undefined, { csrf: await bob.csrf() })).status).toBe(403);
    const crossSite = await anne.post('/__demo/clock/next-day', undefined, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(await shownDate()).toBe(dateOf(scenario.day - 1));
    expect(await lowestShown(server)).toBe(lowestOnDay(product, scenario.day - 1));
  });

  it('moves the demo prices a day on past the search cache and runs the alert checks', async () => {
    const created = await anne.post('/api/alerts/create/', {
      cnk: product.cnk,
      product_name: product.name.fr,
      kind: 'drop',
    });
    expect(created.status).toBe(201);

    const first = await nextDay(anne);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ day: scenario.day, date: dateOf(scenario.day), checked: 1, mailed: 0 });
    // The cached answer of yesterday is not served: the check and the search see today's prices.
    const [alert] = alertListSchema.parse((await anne.get('/api/alerts/')).body).alerts;
    expect(alert!.last_price).toBe(scenario.before);
    expect(await lowestShown(server)).toBe(scenario.before);

    const second = await nextDay(anne);
    expect(second.body).toMatchObject({ day: scenario.day + 1, checked: 1, mailed: 1 });
    const mail = server.readOutbox().find((m) => m.subject === `Alerte prix : ${product.name.fr}`);
    expect(mail?.text).toContain(scenario.after.toFixed(2).replace('.', ','));
  });

  it('serves staff a page whose button (a form carrying the CSRF token) moves the day on', async () => {
    const page = await anne.get('/__demo/clock', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('Demo clock (demo mode only)');
    expect(page.text).toContain(dateOf(scenario.day + 1));
    expect(page.text).toContain('action="/__demo/clock/next-day"');
    const token = /name="csrf_token" value="([^"]+)"/.exec(page.text)?.[1];
    expect(token).toBeTruthy();
    const posted = await anne.post('/__demo/clock/next-day', `csrf_token=${encodeURIComponent(token!)}`, {
      csrf: false,
      headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/__demo/clock');
    expect(await shownDate()).toBe(dateOf(scenario.day + 2));
    // The same form without its field is refused.
    const bare = await anne.post('/__demo/clock/next-day', 'other=1', {
      csrf: false,
      headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(bare.status).toBe(403);
    expect(await shownDate()).toBe(dateOf(scenario.day + 2));
  });
});

describe('demo clock control is absent', () => {
  it.each([
    ['by default', {}],
    ['in live mode', { ...LIVE_TEST_ENV, DEMO_CONTROLS: 'true' }],
    ['with DEMO_CONTROLS=false', { DEMO_CONTROLS: 'false' }],
  ])('%s', async (_, env) => {
    const server = await startTestServer({ ALERTS_CHECK_INTERVAL_MIN: '0', ...env });
    try {
      const res = await fetch(`${server.url}/__demo/clock/next-day`, {
        method: 'POST',
        headers: { accept: 'application/json' },
      });
      expect(res.status).toBe(404);
      expect((await fetch(`${server.url}/__demo/clock`)).status).toBe(404);
      expect(server.deps.demoClock).toBeNull();
    } finally {
      await server.close();
    }
  });
});
