import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import {
  lastMail,
  linkFrom,
  PASSWORD,
  registerAndVerify,
  SESSION_COOKIE,
  startAccountsTest,
  type Clock,
} from './accounts.test-support';

describe('POST /api/auth/login/', () => {
  let server: TestServer, clock: Clock, client: TestClient;

  beforeEach(async () => ({ server, clock, client } = await startAccountsTest({ registered: 'user@example.be' })));
  afterEach(() => server.close());

  it('logs in with the e-mail in any case and answers the user', async () => {
    const res = await client.post('/api/auth/login/', { username: ' USER@example.be', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: 'user@example.be',
      username: 'user@example.be',
      first_name: 'Anne',
      is_pharmacist: true,
      permissions: [],
    });
    expect(client.cookies.get(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['fr', 'Identifiants invalides.'],
    ['en', 'Invalid credentials.'],
    ['nl', 'Ongeldige inloggegevens.'],
  ])('wrong password and unknown account get the same answer (%s)', async (lang, detail) => {
    const wrong = await client.post(
      '/api/auth/login/',
      { username: 'user@example.be', password: 'nope nope' },
      { lang },
    );
    const unknown = await client.post(
      '/api/auth/login/',
      { username: 'ghost@example.be', password: 'nope nope' },
      { lang },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'invalid_credentials', detail });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.text).toBe(wrong.text);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('never changes the case of the password', async () => {
    const flipped = PASSWORD.replace(/[a-z]/gi, (ch) =>
      ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase(),
    );
    expect((await client.post('/api/auth/login/', { username: 'user@example.be', password: flipped })).status).toBe(
      400,
    );
    expect(
      (await client.post('/api/auth/login/', { username: 'user@example.be', password: PASSWORD.slice(0, -1) })).status,
    ).toBe(400);
    expect(
      (await client.post('/api/auth/login/', { username: 'user@example.be', password: ` ${PASSWORD}` })).status,
    ).toBe(400);
  });

  it('round-trips a long Unicode password with spaces', async () => {
    const password = 'Ünïcødé pass phrase 🙂 '.repeat(3);
    await registerAndVerify(server, createTestClient(server.url), 'long@example.be', { password });
    expect((await client.post('/api/auth/login/', { username: 'long@example.be', password })).status).toBe(200);
    expect(
      (await client.post('/api/auth/login/', { username: 'long@example.be', password: password.trim() })).status,
    ).toBe(400);
  });

  it('validates the payload', async () => {
    const res = await client.post('/api/auth/login/', { username: '' }, { lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(res.body.detail).toBe('Please fill in all required fields.');
  });

  it('throttles one account on one connection after 10 attempts (429, retry_after), until the window ends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await client.post('/api/auth/login/', { username: 'user@example.be', password: `wrong ${i}` })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Same connection (the test server sees every client as 127.0.0.1, no trusted proxy).
    const blocked = await createTestClient(server.url).post('/api/auth/login/', {
      username: 'user@example.be',
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('rate_limited');
    expect(blocked.body.retry_after).toBeGreaterThan(0);
    expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.retry_after));

    clock.advance(15 * 60 * 1000 + 1000);
    expect((await client.post('/api/auth/login/', { username: 'user@example.be', password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('a successful login clears the failures of the account', async () => {
    for (let i = 0; i < 9; i++)
      await client.post('/api/auth/login/', { username: 'user@example.be', password: `wrong ${i}` });
    expect((await client.post('/api/auth/login/', { username: 'user@example.be', password: PASSWORD })).status).toBe(
      200,
    );
    for (let i = 0; i < 9; i++) {
      expect(
        (await client.post('/api/auth/login/', { username: 'user@example.be', password: `wrong ${i}` })).status,
      ).toBe(400);
    }
  });

  it('throttles one connection after 50 attempts whatever the account or X-Forwarded-For', async () => {
    let last = 0;
    for (let i = 0; i < 51; i++) {
      const res = await client.post(
        '/api/auth/login/',
        { username: `u${i}@example.be`, password: 'x' },
        { headers: { 'X-Forwarded-For': `10.0.0.${i}` } },
      );
      last = res.status;
    }
    expect(last).toBe(429);
  });

  describe('CSRF', () => {
    it('refuses a missing or mismatched token', async () => {
      const missing = await client.post(
        '/api/auth/login/',
        { username: 'user@example.be', password: PASSWORD },
        { csrf: false },
      );
      expect(missing.status).toBe(403);
      expect(missing.body.code).toBe('csrf_failed');
      await client.csrf();
      const forged = await client.post(
        '/api/auth/login/',
        { username: 'user@example.be', password: PASSWORD },
        { csrf: `${'a'.repeat(24)}.${'b'.repeat(43)}` },
      );
      expect(forged.status).toBe(403);
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    });

    it("refuses another session's token", async () => {
      const other = createTestClient(server.url);
      await other.post('/api/auth/login/', { username: 'user@example.be', password: PASSWORD });
      const otherToken = await other.csrf();
      client.cookies.set('pe_csrftoken', otherToken);
      const res = await client.post(
        '/api/auth/login/',
        { username: 'user@example.be', password: PASSWORD },
        { csrf: otherToken },
      );
      expect(res.status).toBe(403);
    });

    it('rotates the token at login: the pre-login token is dead, the new cookie works', async () => {
      const before = await client.csrf();
      const res = await client.post('/api/auth/login/', { username: 'user@example.be', password: PASSWORD });
      const after = client.cookies.get('pe_csrftoken');
      expect(res.setCookies.some((c) => c.startsWith('pe_csrftoken='))).toBe(true);
      expect(after).not.toBe(before);
      const stale = await client.patch(
        '/api/auth/update-profile/',
        { first_name: 'B' },
        {
          csrf: before,
          cookieHeader: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}; pe_csrftoken=${before}`,
        },
      );
      expect(stale.status).toBe(403);
      expect((await client.patch('/api/auth/update-profile/', { first_name: 'B' })).status).toBe(200);
    });
  });
});

/**
 * Anti-automation without malicious lockout (docs/security.md#authentication-passwords-and-codes, ASVS 6.1.1/6.3.1).
 * Behind a trusted reverse proxy (TRUST_PROXY) the connection is the address the proxy appends to X-Forwarded-For,
 * which is how these tests play an attacker and the owner on two different connections.
 */
describe('login throttling per account and connection (behind a trusted proxy)', () => {
  let server: TestServer, clock: Clock;
  const attacker = { 'X-Forwarded-For': '203.0.113.66' };
  const owner = { 'X-Forwarded-For': '198.51.100.7' };

  beforeEach(async () => {
    ({ server, clock } = await startAccountsTest({ env: { TRUST_PROXY: 'true' }, registered: 'user@example.be' }));
  });
  afterEach(() => server.close());

  const attempt = (client: TestClient, password: string, headers: Record<string, string>) =>
    client.post('/api/auth/login/', { username: 'user@example.be', password }, { headers });

  it("an attacker's burst from one connection hits 429; the owner still logs in from another", async () => {
    const evil = createTestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(evil, `guess ${i}`, attacker)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    const refused = await attempt(evil, 'guess 12', attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password is refused from the attacker's connection for now.
    expect((await attempt(evil, PASSWORD, attacker)).status).toBe(429);

    const mine = createTestClient(server.url);
    const res = await attempt(mine, PASSWORD, owner);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('user@example.be');
    expect((await mine.get('/api/auth/me/')).body.user.email).toBe('user@example.be');
  });

  it('110 wrong passwords from eleven addresses never lock the owner out', async () => {
    const spread = createTestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++) {
      const from = { 'X-Forwarded-For': `192.0.2.${Math.floor(i / 10)}` };
      statuses.push((await attempt(spread, `guess ${i}`, from)).status);
    }
    // The guessers were slowed: once the account had 20 failures, each failing address had to wait.
    expect(statuses.slice(0, 21)).toEqual(Array(21).fill(400));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(50);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    // The owner, from an address that was not guessing, gets in at once with the right password.
    const res = await attempt(createTestClient(server.url), PASSWORD, { 'X-Forwarded-For': '192.0.2.200' });
    expect(res.status).toBe(200);
  }, 60_000);

  it('past 20 failures on the account, every failing address waits before its next try', async () => {
    const spread = createTestClient(server.url);
    for (let i = 0; i < 21; i++) {
      expect((await attempt(spread, `guess ${i}`, { 'X-Forwarded-For': `192.0.2.${i}` })).status).toBe(400);
    }
    expect((await attempt(spread, 'again', { 'X-Forwarded-For': '192.0.2.20' })).status).toBe(429);
    expect((await attempt(spread, 'again', { 'X-Forwarded-For': '192.0.2.19' })).status).toBe(400);
    clock.advance(2000);
    expect((await attempt(spread, 'again', { 'X-Forwarded-For': '192.0.2.20' })).status).toBe(400);
  }, 60_000);

  it('a completed password reset clears the delays of the account', async () => {
    const evil = createTestClient(server.url);
    for (let i = 0; i < 10; i++) await attempt(evil, `guess ${i}`, attacker);
    expect((await attempt(evil, PASSWORD, attacker)).status).toBe(429);

    const owner = createTestClient(server.url);
    expect((await owner.post('/api/auth/password-reset/', { email: 'user@example.be' })).status).toBe(200);
    const { uid, token } = linkFrom(await lastMail(server, 'user@example.be', 2), 'reset-password');
    const confirmed = await owner.post('/api/auth/password-reset-confirm/', {
      uid,
      token,
      new_password: 'Fresh start pass 5',
    });
    expect(confirmed.status).toBe(200);
    // Same (shared) address as the guesser: the fresh password works right away.
    expect((await attempt(createTestClient(server.url), 'Fresh start pass 5', attacker)).status).toBe(200);
  }, 60_000);
});
