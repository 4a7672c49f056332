import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid } from '@pharmaradar/shared/cnk';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';
import { DEMO_SUSPENDED } from '../../demo/demo-sam-export';
import { accountOn, readEvents } from '../../../test/helpers/pro-account';
import { unknownCnks } from './pro-shops.test-support';

// ADR 147: each CNK counts once per user and Brussels calendar month, however often it is priced.

// Offered products only: the demo's official catalogue suspends one pack, which is never priced (ADR 154).
const sold = getDemoCatalogue()
  .filter((p) => !p.prescription && !DEMO_SUSPENDED.test(p.name.fr) && Object.keys(p.offers).length > 0)
  .map((p) => p.cnk!);
/** A 17-line group as the issue reported it: the demo's products, then unknown CNKs (which count too). */
const group17 = [...sold.slice(0, 17), ...unknownCnks(17, 500_000)].slice(0, 17);

const prices = (client: TestClient, cnks: string[]) =>
  client.post('/api/pro/prices/', { cnks }, { headers: { Accept: 'text/event-stream' }, lang: 'en' });
const costOf = (client: TestClient, cnks: string[]) => client.post('/api/pro/usage/cost/', { cnks }, { lang: 'en' });
const doneOf = (text: string) => readEvents(text).find((e) => e.event === 'done')!.data;

const idOf = (server: TestServer, email: string) =>
  (server.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;

describe('the Pro allowance counts each CNK once a month', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('analysing the same 17-line group five times uses 17, not 85', async () => {
    const client = await accountOn(server, 'five@example.be', true);
    const counts: number[] = [];
    for (let run = 0; run < 5; run++) {
      const res = await prices(client, group17);
      expect(res.status).toBe(200);
      const products = readEvents(res.text).filter((e) => e.event === 'product');
      expect(products).toHaveLength(17);
      counts.push(doneOf(res.text).count);
    }
    expect(counts).toEqual([17, 0, 0, 0, 0]);
    expect((await client.get('/api/pro/usage/')).body).toMatchObject({ quota: 2000, used: 17 });
    expect((await client.get('/api/auth/me/')).body.user.search_used).toBe(17);
  });

  it('prices CNKs already charged this month even when the allowance is used up', async () => {
    const email = 'full@example.be';
    const client = await accountOn(server, email, true);
    server.db.prepare('UPDATE users SET search_quota = 3 WHERE email = ?').run(email);
    expect((await prices(client, sold.slice(0, 3))).status).toBe(200);
    const again = await prices(client, [sold[2]!, sold[0]!]);
    expect(again.status).toBe(200);
    expect(doneOf(again.text)).toMatchObject({ count: 0, used: 3, quota: 3 });
    // One new CNK in the batch: it does not fit, and the batch is refused whole (nothing priced).
    const mixed = await prices(client, [sold[0]!, sold[3]!]);
    expect(mixed.status).toBe(429);
    expect(mixed.body).toMatchObject({ code: 'quota_exceeded', detail: expect.stringMatching(/renews on/) });
    expect((await client.get('/api/pro/usage/')).body.used).toBe(3);
  });

  it('charges each CNK once when overlapping batches arrive at once', async () => {
    const email = 'overlap@example.be';
    const client = await accountOn(server, email, true);
    await client.csrf();
    const cnks = unknownCnks(90, 600_000);
    // The allowance is exactly the 90 distinct CNKs: 270 CNK slots asked, all must fit.
    server.db.prepare('UPDATE users SET search_quota = 90 WHERE email = ?').run(email);
    const batches = [cnks.slice(0, 60), cnks.slice(30, 90), cnks.slice(0, 90), cnks.slice(15, 75)];
    const answers = await Promise.all(batches.map((batch) => prices(client, batch)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const counted = answers.map((a) => doneOf(a.text).count as number);
    expect(counted.reduce((x, y) => x + y, 0)).toBe(90);
    expect((await client.get('/api/pro/usage/')).body).toMatchObject({ quota: 90, used: 90 });
    const rows = server.db.prepare('SELECT cnk FROM pro_usage_cnks WHERE user_id = ?').all(idOf(server, email));
    expect(rows.map((r) => (r as { cnk: string }).cnk).sort()).toEqual([...cnks].sort());
  });

  it('says what an analysis would cost before it runs', async () => {
    const email = 'cost@example.be';
    const client = await accountOn(server, email, true);
    const wrong = '0168536';
    expect(luhnValid(wrong)).toBe(false);
    const [a, b, c] = sold as [string, string, string];
    expect((await prices(client, [a, b])).status).toBe(200);
    // A's six-digit spelling and a duplicate are one CNK; the wrong check digit costs nothing.
    const asked = [a, b, c, c, a.replace(/^0/, ''), wrong];
    const res = await costOf(client, asked);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      quota: 2000,
      used: 2,
      remaining: 1998,
      resetsOn: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      cost: 1,
      alreadyCharged: 2,
      invalid: 1,
      excluded: 0,
      fits: true,
    });
    // Asking the cost charges nothing.
    expect((await client.get('/api/pro/usage/')).body.used).toBe(2);

    server.db.prepare('UPDATE users SET search_quota = 2 WHERE email = ?').run(email);
    expect((await costOf(client, [a, c])).body).toMatchObject({
      remaining: 0,
      cost: 1,
      alreadyCharged: 1,
      fits: false,
    });
    expect((await costOf(client, [a, b])).body).toMatchObject({ remaining: 0, cost: 0, fits: true });
    expect((await prices(client, [a, c])).status).toBe(429);
    expect((await prices(client, [a, b])).status).toBe(200);
  });

  it('checks who asks and what is asked', async () => {
    const [a] = sold as [string];
    expect((await costOf(createTestClient(server.url), [a])).status).toBe(401);
    const free = await accountOn(server, 'cost-free@example.be', false);
    expect((await costOf(free, [a])).status).toBe(403);
    const pro = await accountOn(server, 'cost-pro@example.be', true);
    expect((await pro.post('/api/pro/usage/cost/', { cnks: [a] }, { csrf: false })).status).toBe(403);
    const bad = await costOf(pro, ['12ab']);
    expect(bad.status).toBe(400);
    expect(bad.body.fields['cnks.0']).toBe('Enter a valid CNK (6–7 digits).');
    // A whole group (2,000 CNKs) may be asked at once, not more.
    expect((await costOf(pro, unknownCnks(2000, 700_000))).body).toMatchObject({ cost: 2000, fits: true });
    const tooMany = await costOf(pro, unknownCnks(2001, 700_000));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.cnks).toBe('Too many CNKs in one request.');
  });
});

describe('a new Brussels month starts a new count', () => {
  // 30 November 2026, 23:30 in Brussels (UTC+1): half an hour before the allowance renews.
  let at = Date.parse('2026-11-30T22:30:00Z');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { now: () => at });
  });
  afterAll(() => server?.close());

  it('charges the same CNKs again on the first of the month, and keeps last month’s count', async () => {
    const email = 'month@example.be';
    const client = await accountOn(server, email, true);
    const cnks = sold.slice(0, 3);
    expect(doneOf((await prices(client, cnks)).text)).toMatchObject({ count: 3, used: 3, resetsOn: '2026-12-01' });
    expect(doneOf((await prices(client, cnks)).text)).toMatchObject({ count: 0, used: 3 });

    at = Date.parse('2026-11-30T23:30:00Z'); // 00:30 on 1 December in Brussels
    expect((await costOf(client, cnks)).body).toMatchObject({ used: 0, cost: 3, alreadyCharged: 0 });
    expect(doneOf((await prices(client, cnks)).text)).toMatchObject({ count: 3, used: 3, resetsOn: '2027-01-01' });
    const months = server.db
      .prepare('SELECT month, used FROM pro_usage WHERE user_id = ? ORDER BY month')
      .all(idOf(server, email));
    expect(months).toEqual([
      { month: '2026-11', used: 3 },
      { month: '2026-12', used: 3 },
    ]);
  });
});
