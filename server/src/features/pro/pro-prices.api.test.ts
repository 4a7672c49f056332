import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proDoneEventSchema, proProductEventSchema } from '@pharmaradar/shared/pro.schema';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';
import { brusselsMonth } from './pro-quota';
import { accountOn, readEvents } from '../../../test/helpers/pro-account';

const sold = getDemoCatalogue().filter((p) => !p.prescription && Object.keys(p.offers).length > 0);
const [a, b, c] = sold as [(typeof sold)[0], (typeof sold)[0], (typeof sold)[0]];

async function prices(client: TestClient, cnks: string[], lang?: string) {
  return client.post(
    '/api/pro/prices/',
    { cnks },
    { headers: { Accept: 'text/event-stream' }, ...(lang ? { lang } : {}) },
  );
}

describe('POST /api/pro/prices', () => {
  let server: TestServer;
  let pro: TestClient;
  let free: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    pro = await accountOn(server, 'pro@example.be', true);
    free = await accountOn(server, 'free@example.be', false);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('streams one product event per CNK, then done, and counts each CNK against the month', async () => {
    const unknown = '0000000';
    // The six-digit spelling of a CNK (leading zero lost in a sheet) and a duplicate are one CNK.
    const res = await prices(pro, [a.cnk!, b.cnk!, c.cnk!, a.cnk!, unknown]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = readEvents(res.text);
    expect(events.map((e) => e.event)).toEqual(['product', 'product', 'product', 'product', 'done']);
    const products = events.slice(0, 4).map((e) => proProductEventSchema.parse(e.data));
    expect(products.map((p) => p.cnk).sort()).toEqual([a.cnk, b.cnk, c.cnk, unknown].sort());
    const first = products.find((p) => p.cnk === a.cnk)!;
    expect(first.status).toBe('found');
    expect(first.product?.offers.length).toBeGreaterThan(0);
    expect(first.product?.offers.every((o) => o.cnk === a.cnk || o.searchedCode === a.cnk)).toBe(true);
    expect(products.find((p) => p.cnk === unknown)).toMatchObject({ status: 'not_found', product: null });
    const done = proDoneEventSchema.parse(events[4]!.data);
    expect(done).toMatchObject({ count: 4, used: 4, quota: 2000 });
    expect(done.resetsOn).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('accepts a CNK as pharmacy software writes it and answers it in seven digits', async () => {
    const cnk = b.cnk!;
    const written = `CNK ${cnk.slice(0, 3)} ${cnk.slice(3)}`;
    const events = readEvents((await prices(pro, [written])).text);
    expect(events[0]!.data).toMatchObject({ cnk, status: 'found' });
  });

  it('refuses logged-out visitors (401) and free accounts (403)', async () => {
    const anonymous = createTestClient(server.url);
    expect((await prices(anonymous, [a.cnk!])).status).toBe(401);
    const refused = await prices(free, [a.cnk!], 'en');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'pro_required', detail: 'This feature requires a Pro plan.' });
  });

  it('checks CSRF, the CNKs and their number', async () => {
    expect((await pro.post('/api/pro/prices/', { cnks: [a.cnk] }, { csrf: false })).status).toBe(403);
    const bad = await prices(pro, ['12ab'], 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.fields['cnks.0']).toBe('Enter a valid CNK (6–7 digits).');
    expect((await prices(pro, [])).status).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => String(1000000 + i));
    const tooMany = await prices(pro, many, 'en');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.cnks).toBe('Too many CNKs in one request.');
  });

  it('answers 429 quota_exceeded with the renewal date once the allowance is used', async () => {
    const client = await accountOn(server, 'quota@example.be', true);
    server.db.prepare('UPDATE users SET search_quota = 3 WHERE email = ?').run('quota@example.be');
    expect((await prices(client, [a.cnk!, b.cnk!])).status).toBe(200);
    // A is already charged this month (free, ADR 147); C and D are two new CNKs for one left.
    const d = sold[3]!;
    const over = await prices(client, [a.cnk!, c.cnk!, d.cnk!], 'en');
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('quota_exceeded');
    expect(over.body.detail).toMatch(/renews on \d{4}-\d{2}-01/);
    const id = (server.db.prepare('SELECT id FROM users WHERE email = ?').get('quota@example.be') as { id: number }).id;
    const used = server.db
      .prepare('SELECT used FROM pro_usage WHERE user_id = ? AND month = ?')
      .get(id, brusselsMonth(Date.now()));
    expect(used).toEqual({ used: 2 });
    const usage = await client.get('/api/pro/usage/');
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({ quota: 3, used: 2, resetsOn: expect.stringMatching(/^\d{4}-\d{2}-01$/) });
    expect((await createTestClient(server.url).get('/api/pro/usage/')).status).toBe(401);
    expect((await free.get('/api/pro/usage/')).status).toBe(403);
  });

  it("gives the plan's allowance: 2,000 for Pro, 20,000 for Ultra, the same as the account shows", async () => {
    expect((await pro.get('/api/pro/usage/')).body.quota).toBe(2000);
    const ultra = await accountOn(server, 'ultra@example.be', false);
    server.db
      .prepare("UPDATE users SET plan_grant = 'ultra', pro_until = NULL WHERE email = ?")
      .run('ultra@example.be');
    const usage = await ultra.get('/api/pro/usage/');
    expect(usage.status).toBe(200);
    expect(usage.body.quota).toBe(20000);
    expect((await ultra.get('/api/auth/me/')).body.user.search_quota).toBe(20000);
  });
});
