import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid } from '@pharmaradar/shared/cnk';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import type { TestClient } from '../../../test/helpers/test-client';
import { RETAILER_IDS } from '../../retailers/types';
import { getDemoCatalogue } from '../../demo/catalogue';
import { brusselsMonth } from './pro-quota';
import { accountOn, readEvents } from '../../../test/helpers/pro-account';
import { asksFor, startRecordingShops, unknownCnks, type RecordingShops } from './pro-shops.test-support';

const sold = getDemoCatalogue().find((p) => !p.prescription && Object.keys(p.offers).length > 0)!;

const prices = (client: TestClient, cnks: string[]) =>
  client.post('/api/pro/prices/', { cnks }, { headers: { Accept: 'text/event-stream' }, lang: 'en' });

const askedFor = (requests: string[], cnk: string) => requests.filter((r) => asksFor(r, cnk));

describe('the Pro allowance under concurrent batches', () => {
  let shops: RecordingShops;
  let server: TestServer;
  /** Requests one unknown CNK costs at the shops (measured). */
  let perCnk = 0;
  beforeAll(async () => {
    shops = await startRecordingShops(1);
    server = await startTestServer({ RETAILERS_MODE: 'demo', ...shops.envOverrides });
    const probe = await accountOn(server, 'probe@example.be', true);
    expect((await prices(probe, unknownCnks(1, 100_000))).status).toBe(200);
    perCnk = shops.requests.length;
    expect(perCnk).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await server?.close();
    await shops?.close();
  });

  const usedBy = (email: string) => {
    const { id } = server.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    const row = server.db
      .prepare('SELECT used FROM pro_usage WHERE user_id = ? AND month = ?')
      .get(id, brusselsMonth(Date.now())) as { used: number } | undefined;
    return row?.used ?? 0;
  };

  it('prices at most the allowance when thirty 100-CNK batches arrive at once', async () => {
    const email = 'flood@example.be';
    const client = await accountOn(server, email, true);
    await client.csrf();
    // One CNK already used: 19 whole batches fit in what is left, the 20th no longer does.
    expect((await prices(client, unknownCnks(1, 150_000))).status).toBe(200);
    shops.requests.length = 0;

    const batches = Array.from({ length: 30 }, (_, i) => unknownCnks(100, 200_000 + i * 1000));
    const answers = await Promise.all(batches.map((cnks) => prices(client, cnks)));

    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    const events = accepted.flatMap((a) => readEvents(a.text));
    const priced = events.filter((e) => e.event === 'product' && e.data.status !== 'error').length;
    expect(accepted).toHaveLength(19);
    expect(priced).toBe(1900);
    expect(priced + 1).toBeLessThanOrEqual(2000);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ code: 'quota_exceeded', detail: expect.stringMatching(/renews on/) });
    }
    expect(usedBy(email)).toBe(priced + 1);
    const done = events.filter((e) => e.event === 'done').map((e) => e.data);
    expect(done.map((d) => d.count).reduce((x: number, y: number) => x + y, 0)).toBe(priced);
    expect(shops.requests.length).toBeLessThanOrEqual(priced * perCnk);
    expect((await client.get('/api/pro/usage/')).body).toMatchObject({ quota: 2000, used: priced + 1 });
  }, 180_000);

  it('refuses a CNK whose check digit is wrong without asking any shop, and does not count it', async () => {
    const email = 'digits@example.be';
    const client = await accountOn(server, email, true);
    const wrong = '0168536';
    expect(luhnValid(wrong)).toBe(false);
    shops.requests.length = 0;
    const res = await prices(client, [sold.cnk!, wrong]);
    expect(res.status).toBe(200);
    const events = readEvents(res.text);
    expect(events.find((e) => e.data.cnk === wrong)).toMatchObject({
      event: 'product',
      data: { status: 'invalid_cnk', product: null, retailers: [] },
    });
    expect(events.find((e) => e.data.cnk === sold.cnk)?.data.status).toBe('found');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { count: 1, used: 1 } });
    expect(askedFor(shops.requests, wrong)).toEqual([]);
    expect(askedFor(shops.requests, sold.cnk!).length).toBeGreaterThan(0);
    expect(usedBy(email)).toBe(1);
  });

  it('gives back the CNKs that no shop could answer', async () => {
    const email = 'down@example.be';
    const client = await accountOn(server, email, true);
    for (const id of RETAILER_IDS) shops.demo.setFault(id, '5xx');
    try {
      const events = readEvents((await prices(client, unknownCnks(3, 300_000))).text);
      expect(events.slice(0, 3).map((e) => e.data.status)).toEqual(['error', 'error', 'error']);
      expect(events.at(-1)).toMatchObject({ event: 'done', data: { count: 0, used: 0 } });
    } finally {
      for (const id of RETAILER_IDS) shops.demo.setFault(id, null);
    }
    expect(usedBy(email)).toBe(0);
  });

  it('gives back what a stopped batch did not price', async () => {
    const email = 'stopped@example.be';
    const client = await accountOn(server, email, true);
    const csrf = await client.csrf();
    for (const id of RETAILER_IDS) shops.demo.setLatency(id, 30);
    shops.requests.length = 0;
    const stop = new AbortController();
    try {
      const res = await fetch(new URL('/api/pro/prices/', server.url), {
        method: 'POST',
        headers: {
          Accept: 'text/event-stream',
          'Content-Type': 'application/json',
          'X-CSRFToken': csrf,
          Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: JSON.stringify({ cnks: unknownCnks(100, 400_000) }),
        signal: stop.signal,
      });
      expect(res.status).toBe(200);
      // Reserved whole before the first answer, as the stream opens.
      expect(usedBy(email)).toBe(100);
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('event: product')) text += new TextDecoder().decode((await reader.read()).value);
      stop.abort();
      // The CNKs already with the shops finish; the rest are given back when the batch settles.
      for (let i = 0; i < 100 && usedBy(email) === 100; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      for (const id of RETAILER_IDS) shops.demo.setLatency(id, 1);
    }
    const used = usedBy(email);
    expect(used).toBeGreaterThanOrEqual(1);
    expect(used).toBeLessThan(50);
    expect(shops.requests.length).toBeLessThanOrEqual(used * perCnk);
  });
});
