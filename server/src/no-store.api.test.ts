/**
 * Answers about a person, or about what someone searched for, are never stored by a
 * browser or shared cache (`Cache-Control: no-store`), event streams included: Hono's streamSSE
 * sends `no-cache` by itself, which lets a cache keep the body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedAccount } from '../test/helpers/accounts';
import { createTestClient, type TestClient, type TestResponse } from '../test/helpers/test-client';
import { startTestServer, type TestServer } from '../test/helpers/test-server';
import { getDemoCatalogue } from './demo/catalogue';

const expectNoStore = (res: TestResponse) => {
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
};
const cnk = getDemoCatalogue().find((p) => !p.prescription && Object.keys(p.offers).length > 0)?.cnk as string;

describe('Cache-Control: no-store on personal and search answers', () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    ({ client } = await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, 'anne@example.be'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('on the current user, logged in or not', async () => {
    const me = await client.get('/api/auth/me/');
    expect(me.body.user.email).toBe('anne@example.be');
    expectNoStore(me);
    expectNoStore(await createTestClient(server.url).get('/api/auth/me/'));
  });

  it('on login and on the account data export', async () => {
    const other = createTestClient(server.url);
    expectNoStore(await other.post('/api/auth/login/', { username: 'anne@example.be', password: 'Correct horse 42' }));
    expectNoStore(await other.get('/api/account/export/'));
  });

  it('on the search answer, as JSON and as an event stream', async () => {
    const json = await client.get(`/api/search?q=${cnk}`);
    expect(json.headers.get('content-type')).toContain('application/json');
    expectNoStore(json);
    const stream = await createTestClient(server.url).get(`/api/search?q=Dafalgan`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.text).toContain('event: result');
    expectNoStore(stream);
  });

  it('on the Pro price stream', async () => {
    server.db.prepare("UPDATE users SET subscription_status = 'active' WHERE email = ?").run('anne@example.be');
    const res = await client.post('/api/pro/prices/', { cnks: [cnk] }, { headers: { Accept: 'text/event-stream' } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expectNoStore(res);
  });
});
