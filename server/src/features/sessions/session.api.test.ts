import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { createClock, PASSWORD, registerAndVerify, SESSION_COOKIE } from '../auth/auth.test-support';

const DAY = 24 * 3600 * 1000;

describe('sessions', () => {
  let server: TestServer;
  let clock: ReturnType<typeof createClock>;
  let client: TestClient;

  beforeEach(async () => {
    clock = createClock();
    server = await startTestServer({}, { now: clock.now });
    client = createTestClient(server.url);
  });
  afterEach(() => server.close());

  const login = async (c: TestClient, email: string) => {
    const res = await c.post('/api/auth/login/', { username: email, password: PASSWORD });
    expect(res.status).toBe(200);
    return c.cookies.get(SESSION_COOKIE) as string;
  };

  it('the cookie holds 32 random bytes; the database only their SHA-256', async () => {
    await registerAndVerify(server, client, 's@example.be');
    const token = client.cookies.get(SESSION_COOKIE) as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = server.db.prepare('SELECT token_hash FROM sessions').all() as { token_hash: string }[];
    expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(JSON.stringify(server.db.prepare('SELECT * FROM sessions').all())).not.toContain(token);
  });

  it('sets HttpOnly, SameSite=Lax, Path=/ without Secure on local http', async () => {
    await registerAndVerify(server, client, 'attrs@example.be');
    const res = await client.post('/api/auth/login/', { username: 'attrs@example.be', password: PASSWORD });
    const line = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`)) as string;
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/; Secure/i);
    expect(line).not.toMatch(/Domain=/i);
  });

  it('login replaces a planted cookie and any earlier session (fixation)', async () => {
    await registerAndVerify(server, client, 'fix@example.be');
    const first = client.cookies.get(SESSION_COOKIE) as string;
    const second = await login(client, 'fix@example.be');
    expect(second).not.toBe(first);

    const stale = createTestClient(server.url);
    stale.cookies.set(SESSION_COOKIE, first);
    expect((await stale.get('/api/auth/me/')).body).toEqual({ user: null });
    const patch = await stale.patch('/api/auth/update-profile/', { first_name: 'X' });
    expect(patch.status).toBe(401);
    expect(patch.body.code).toBe('unauthorized');

    const planted = 'A'.repeat(43);
    const victim = createTestClient(server.url);
    victim.cookies.set(SESSION_COOKIE, planted);
    const after = await login(victim, 'fix@example.be');
    expect(after).not.toBe(planted);
    const attacker = createTestClient(server.url);
    attacker.cookies.set(SESSION_COOKIE, planted);
    expect((await attacker.get('/api/auth/me/')).body).toEqual({ user: null });
  });

  it('logout ends the session server-side: replaying the old cookie is anonymous / 401', async () => {
    await registerAndVerify(server, client, 'out@example.be');
    const token = client.cookies.get(SESSION_COOKIE) as string;
    const res = await client.post('/api/auth/logout/', undefined, { lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'You are logged out.' });
    expect(res.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`) || /pe_session=.*Max-Age=0/.test(c))).toBe(
      true,
    );
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    const replay = createTestClient(server.url);
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/api/auth/me/')).body).toEqual({ user: null });
    expect((await replay.patch('/api/auth/update-profile/', { first_name: 'X' })).status).toBe(401);
    expect(server.db.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });
  });

  it('me answers {user: null} with no-store when anonymous', async () => {
    const res = await client.get('/api/auth/me/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('dies after 14 idle days', async () => {
    await registerAndVerify(server, client, 'idle@example.be');
    clock.advance(13 * DAY);
    expect((await client.get('/api/auth/me/')).body.user).not.toBeNull();
    clock.advance(14 * DAY + 1000);
    expect((await client.get('/api/auth/me/')).body).toEqual({ user: null });
  });

  it('dies 30 days after login even when used every day', async () => {
    await registerAndVerify(server, client, 'abs@example.be');
    for (let day = 0; day < 29; day++) {
      clock.advance(DAY);
      expect((await client.get('/api/auth/me/')).body.user).not.toBeNull();
    }
    clock.advance(DAY + 1000);
    expect((await client.get('/api/auth/me/')).body).toEqual({ user: null });
  });

  it('uses __Host-pe_session with Secure when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://pharmaradar.test' });
    try {
      const c = createTestClient(https.url);
      await registerAndVerify(https, c, 'tls@example.be');
      const res = await c.post('/api/auth/login/', { username: 'tls@example.be', password: PASSWORD });
      const line = res.setCookies.find((l) => l.startsWith('__Host-pe_session=')) as string;
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Domain=/i);
      expect((await c.get('/api/auth/me/')).body.user.email).toBe('tls@example.be');
    } finally {
      await https.close();
    }
  });
});
