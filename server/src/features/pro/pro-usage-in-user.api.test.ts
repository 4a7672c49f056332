import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';
import { brusselsMonth } from './pro-quota';
import { accountOn, readEvents } from '../../../test/helpers/pro-account';

const sold = getDemoCatalogue().filter((p) => !p.prescription && Object.keys(p.offers).length > 0);
const cnks = sold.slice(0, 3).map((p) => p.cnk!);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('search_used in the user shape is the Pro batch pricing count of this month', () => {
  it('me, the subscription check and the data export show what POST /api/pro/prices/ counted', async () => {
    const email = 'usage@example.be';
    const client = await accountOn(server, email, true);
    const id = (server.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
    // The users columns of the first billing build no longer count: only pro_usage does.
    server.db
      .prepare('UPDATE users SET search_used = 99, search_used_month = ? WHERE id = ?')
      .run(brusselsMonth(Date.now()), id);
    server.db.prepare("INSERT INTO pro_usage (user_id, month, used) VALUES (?, '2001-01', 500)").run(id);

    expect((await client.get('/api/auth/me/')).body.user).toMatchObject({ search_used: 0, search_quota: 2000 });

    const priced = await client.post('/api/pro/prices/', { cnks }, { headers: { Accept: 'text/event-stream' } });
    expect(priced.status).toBe(200);
    expect(readEvents(priced.text).at(-1)).toMatchObject({ event: 'done', data: { used: 3 } });

    expect((await client.get('/api/auth/me/')).body.user.search_used).toBe(3);
    const checked = await client.get('/api/billing/check-subscription/');
    expect(checked.body.user.search_used).toBe(3);
    const exported = await client.get('/api/account/export/');
    expect(JSON.parse(exported.text).user.search_used).toBe(3);
  });

  it('a free account has used nothing', async () => {
    const client = await accountOn(server, 'usage-free@example.be', false);
    expect((await client.get('/api/auth/me/')).body.user).toMatchObject({ search_used: 0, search_quota: 0 });
  });
});
