import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { PASSWORD, registerAndVerify, SESSION_COOKIE, startAccountsTest, type Clock } from './accounts.test-support';

const DAY = 24 * 3600 * 1000;
/** pe_csrftoken is readable by JS on purpose (the client copies it into X-CSRFToken): no HttpOnly. */
const CSRF_ATTRIBUTES_HTTP = ['Max-Age=31536000', 'Path=/', 'SameSite=Lax'];
const CSRF_ATTRIBUTES_HTTPS = [...CSRF_ATTRIBUTES_HTTP, 'Secure'];
/** Session cookie attributes, sorted: HttpOnly always, Secure over https only. */
const sessionAttributes = (maxAge: number, secure = false) => [
  'HttpOnly',
  `Max-Age=${maxAge}`,
  'Path=/',
  'SameSite=Lax',
  ...(secure ? ['Secure'] : []),
];

/**
 * The attributes of the one Set-Cookie line for `name`, sorted, so a test pins the whole list:
 * an added Domain, a dropped Secure or a changed Max-Age all show up.
 */
function cookieAttributes(lines: string[], name: string): string[] {
  const matching = lines.filter((l) => l.startsWith(`${name}=`));
  expect(matching, `one Set-Cookie for ${name} in ${JSON.stringify(lines)}`).toHaveLength(1);
  const [, ...attributes] = (matching[0] as string).split(';').map((part) => part.trim());
  return attributes.sort();
}

describe('sessions', () => {
  let server: TestServer, clock: Clock, client: TestClient;

  beforeEach(async () => ({ server, clock, client } = await startAccountsTest()));
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

  it('session and CSRF cookies carry exactly the expected attributes on local http', async () => {
    await registerAndVerify(server, client, 'attrs@example.be');
    const issued = await client.get('/api/auth/csrf/');
    expect(cookieAttributes(issued.setCookies, 'pe_csrftoken')).toEqual(CSRF_ATTRIBUTES_HTTP);

    const login = await client.post('/api/auth/login/', { username: 'attrs@example.be', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(cookieAttributes(login.setCookies, SESSION_COOKIE)).toEqual(sessionAttributes(2592000));
    expect(cookieAttributes(login.setCookies, 'pe_csrftoken')).toEqual(CSRF_ATTRIBUTES_HTTP);

    const logout = await client.post('/api/auth/logout/');
    expect(logout.status).toBe(200);
    expect(cookieAttributes(logout.setCookies, SESSION_COOKIE)).toEqual(sessionAttributes(0));
    expect(cookieAttributes(logout.setCookies, 'pe_csrftoken')).toEqual(CSRF_ATTRIBUTES_HTTP);
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

  it('a read-only database does not break logged-in reads: the last-seen write is best-effort', async () => {
    await registerAndVerify(server, client, 'ro@example.be');
    const lastSeen = () => (server.db.prepare('SELECT last_seen_at AS t FROM sessions').get() as { t: number }).t;
    const before = lastSeen();
    server.db.pragma('query_only = ON');
    try {
      for (let i = 0; i < 3; i++) {
        clock.advance(2 * 60 * 1000); // past the once-a-minute touch interval every time
        const res = await client.get('/api/auth/me/');
        expect(res.status).toBe(200);
        expect(res.body.user.email).toBe('ro@example.be');
      }
    } finally {
      server.db.pragma('query_only = OFF');
    }
    expect(lastSeen()).toBe(before);
    const warnings = server.logs().filter((l) => / WARN .*session last-seen/.test(l));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('SQLITE_READONLY');

    // Writable again: the next touch lands.
    clock.advance(2 * 60 * 1000);
    expect((await client.get('/api/auth/me/')).body.user.email).toBe('ro@example.be');
    expect(lastSeen()).toBe(clock.now());

    // A dead session whose row cannot be deleted right now is still dead: anonymous, not a 500.
    clock.advance(15 * DAY);
    server.db.pragma('query_only = ON');
    try {
      const res = await client.get('/api/auth/me/');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: null });
    } finally {
      server.db.pragma('query_only = OFF');
    }
  });

  it('uses __Host-pe_session, __Host-pe_csrftoken and Secure cookies when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://pharmaradar.test' });
    try {
      const c = createTestClient(https.url);
      await registerAndVerify(https, c, 'tls@example.be');
      const issued = await c.get('/api/auth/csrf/');
      expect(cookieAttributes(issued.setCookies, '__Host-pe_csrftoken')).toEqual(CSRF_ATTRIBUTES_HTTPS);

      const res = await c.post('/api/auth/login/', { username: 'tls@example.be', password: PASSWORD });
      expect(res.status).toBe(200);
      expect(cookieAttributes(res.setCookies, '__Host-pe_session')).toEqual(sessionAttributes(2592000, true));
      expect(res.setCookies.some((l) => l.startsWith('pe_session='))).toBe(false);
      expect(cookieAttributes(res.setCookies, '__Host-pe_csrftoken')).toEqual(CSRF_ATTRIBUTES_HTTPS);
      expect(res.setCookies.some((l) => l.startsWith('pe_csrftoken='))).toBe(false);
      expect((await c.get('/api/auth/me/')).body.user.email).toBe('tls@example.be');

      const out = await c.post('/api/auth/logout/');
      expect(out.status).toBe(200);
      expect(cookieAttributes(out.setCookies, '__Host-pe_session')).toEqual(sessionAttributes(0, true));
      expect(cookieAttributes(out.setCookies, '__Host-pe_csrftoken')).toEqual(CSRF_ATTRIBUTES_HTTPS);
    } finally {
      await https.close();
    }
  });
});
