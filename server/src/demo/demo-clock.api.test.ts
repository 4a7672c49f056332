import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertListSchema } from '@pharmaradar/shared/alerts.schema';
import { registerVerifiedAccount } from '../../test/helpers/accounts';
import { createClock } from '../../test/helpers/clock';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import type { TestClient } from '../../test/helpers/test-client';
import { dropThenRise, lowestOnDay, noonOf } from '../features/alerts/alerts.test-support';
import { demoDay } from './demo-prices';

// The demo clock control (ADR 117): /__demo/clock moves the demo app one day on and runs the alert
// checks, so an alert fires in a demo without waiting for tomorrow.

const scenario = dropThenRise(demoDay(Date.parse('2026-06-01T00:00:00Z')));
const { product } = scenario;
const nextDay = (server: TestServer, accept = 'application/json') =>
  fetch(`${server.url}/__demo/clock/next-day`, { method: 'POST', headers: { accept }, redirect: 'manual' });

async function lowestShown(server: TestServer): Promise<number> {
  const res = await fetch(`${server.url}/api/search/?q=${product.cnk}`);
  const body = (await res.json()) as { products: Array<{ cnk: string; offers: Array<{ price: number }> }> };
  return Math.min(...body.products.find((p) => p.cnk === product.cnk)!.offers.map((o) => o.price));
}

describe('demo clock control', () => {
  let server: TestServer;
  let anne: TestClient;

  beforeAll(async () => {
    // The day before the drop: the first check (tomorrow) takes the baseline, the next one sees the drop.
    const clock = createClock(noonOf(scenario.day - 1));
    server = await startTestServer({ ALERTS_CHECK_INTERVAL_MIN: '0', SEARCH_CACHE_TTL_S: '3600' }, { now: clock.now });
    const account = await registerVerifiedAccount(
      server.url,
      server.env.MAIL_OUTBOX_DIR,
      'anne@example.be',
      'Correct horse 42',
    );
    anne = account.client;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('moves the demo prices a day on past the search cache and runs the alert checks', async () => {
    expect(await lowestShown(server)).toBe(lowestOnDay(product, scenario.day - 1));
    const created = await anne.post('/api/alerts/create/', {
      cnk: product.cnk,
      product_name: product.name.fr,
      kind: 'drop',
    });
    expect(created.status).toBe(201);

    const first = await nextDay(server);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      day: scenario.day,
      date: new Date(noonOf(scenario.day)).toISOString().slice(0, 10),
      checked: 1,
      mailed: 0,
    });
    // The cached answer of yesterday is not served: the check and the search see today's prices.
    const [alert] = alertListSchema.parse((await anne.get('/api/alerts/')).body).alerts;
    expect(alert!.last_price).toBe(scenario.before);
    expect(await lowestShown(server)).toBe(scenario.before);

    const second = await nextDay(server);
    expect(await second.json()).toMatchObject({ day: scenario.day + 1, checked: 1, mailed: 1 });
    const mail = server.readOutbox().find((m) => m.subject === `Alerte prix : ${product.name.fr}`);
    expect(mail?.text).toContain(scenario.after.toFixed(2).replace('.', ','));
  });

  it('serves a demo page whose button moves the day on', async () => {
    const page = await fetch(`${server.url}/__demo/clock`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Demo clock (demo mode only)');
    expect(html).toContain(new Date(noonOf(scenario.day + 1)).toISOString().slice(0, 10));
    expect(html).toContain('action="/__demo/clock/next-day"');
    const posted = await nextDay(server, 'text/html');
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/__demo/clock');
    expect(await (await fetch(`${server.url}/__demo/clock`)).text()).toContain(
      new Date(noonOf(scenario.day + 2)).toISOString().slice(0, 10),
    );
  });
});

describe('demo clock control is absent', () => {
  it.each([
    [
      'in live mode',
      {
        RETAILERS_MODE: 'live',
        BILLING_TEST_CHECKOUT: 'true',
        DEMO_CONTROLS: 'true',
        FARMALINE_BASE_URL: 'http://127.0.0.1:9',
      },
    ],
    ['with DEMO_CONTROLS=false', { DEMO_CONTROLS: 'false' }],
  ])('%s', async (_, env) => {
    const server = await startTestServer({ ALERTS_CHECK_INTERVAL_MIN: '0', ...env });
    try {
      expect((await nextDay(server)).status).toBe(404);
      expect((await fetch(`${server.url}/__demo/clock`)).status).toBe(404);
      expect(server.deps.demoClock).toBeNull();
    } finally {
      await server.close();
    }
  });
});
