import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit, luhnValid } from '@pharmaradar/shared/cnk';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import type { TestClient } from '../../../test/helpers/test-client';
import { getDemoCatalogue } from '../../demo/catalogue';
import { brusselsMonth } from './pro-quota';
import { accountOn, readEvents } from './pro.test-support';
import { startRecordingShops, type RecordingShops } from './pro-shops.test-support';

const known = new Set(getDemoCatalogue().map((p) => p.cnk));
const sold = getDemoCatalogue().find((p) => !p.prescription && Object.keys(p.offers).length > 0)!;

/** `count` CNKs with a right check digit that no demo shop sells: each one costs a full fan-out. */
function unknownCnks(count: number, from: number): string[] {
  const cnks: string[] = [];
  for (let body = from; cnks.length < count; body++) {
    const cnk = `${body}${luhnCheckDigit(String(body))}`;
    if (!known.has(cnk)) cnks.push(cnk);
  }
  return cnks;
}

const prices = (client: TestClient, cnks: string[]) =>
  client.post('/api/pro/prices/', { cnks }, { headers: { Accept: 'text/event-stream' }, lang: 'en' });

const askedFor = (requests: string[], cnk: string) => requests.filter((r) => r.includes(cnk.slice(1)));

describe('the Pro allowance under concurrent batches', () => {
  let shops: RecordingShops;
  let server: TestServer;
  beforeAll(async () => {
    shops = await startRecordingShops(1);
    server = await startTestServer({ RETAILERS_MODE: 'demo', ...shops.envOverrides });
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
    // Calibration: what one unknown CNK costs at the shops.
    const [probe] = unknownCnks(1, 100_000);
    expect((await prices(client, [probe!])).status).toBe(200);
    const perCnk = shops.requests.length;
    expect(perCnk).toBeGreaterThan(0);
    shops.requests.length = 0;

    const batches = Array.from({ length: 30 }, (_, i) => unknownCnks(100, 200_000 + i * 1000));
    const answers = await Promise.all(batches.map((cnks) => prices(client, cnks)));

    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    const events = accepted.flatMap((a) => readEvents(a.text));
    const priced = events.filter((e) => e.event === 'product' && e.data.status !== 'error').length;
    // The probe used one CNK of the 2,000: 19 whole batches fit, and the 20th no longer does.
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
  }, 120_000);

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
});
