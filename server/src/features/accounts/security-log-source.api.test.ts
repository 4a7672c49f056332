import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import { PASSWORD, registration, startAccountsTest } from './accounts.test-support';

/**
 * Throttling and login-failure log lines carry the source address (the connection the
 * limits key on: here the trusted proxy's X-Forwarded-For hop), so an operator can tell who guesses.
 */
describe('security log lines name the source address', () => {
  let server: TestServer, client: TestClient;
  const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
  const linesWith = (text: string) => server.logs().filter((line) => line.includes(text));

  beforeEach(async () => {
    ({ server, client } = await startAccountsTest({ env: { TRUST_PROXY: 'true' }, registered: 'user@example.be' }));
  });
  afterEach(() => server.close());

  it('a failed login and the account throttle that follows', async () => {
    for (let i = 0; i < 11; i++) {
      await client.post(
        '/api/auth/login/',
        { username: 'user@example.be', password: `wrong ${i}` },
        from('203.0.113.9'),
      );
    }
    expect(linesWith('login failed')).toHaveLength(10);
    for (const line of linesWith('login failed')) expect(line).toContain('ip=203.0.113.9');
    const throttled = linesWith('login throttled for account and connection');
    expect(throttled).toHaveLength(1);
    expect(throttled[0]).toContain('ip=203.0.113.9');
    // The request line of the refused attempt names it too.
    expect(linesWith('status=429').at(-1)).toContain('ip=203.0.113.9');
    // A successful login's request line does not carry the address.
    expect((await client.post('/api/auth/login/', { username: 'user@example.be', password: PASSWORD })).status).toBe(
      200,
    );
    expect(linesWith('status=200').at(-1)).not.toContain('ip=');
  });

  it('the per-connection login limit', async () => {
    for (let i = 0; i < 51; i++) {
      await client.post('/api/auth/login/', { username: `u${i}@example.be`, password: 'x' }, from('198.51.100.44'));
    }
    const throttled = linesWith('login throttled for connection');
    expect(throttled).toHaveLength(1);
    expect(throttled[0]).toContain('ip=198.51.100.44');
  }, 60_000);

  it('route limits and the code-resend throttle', async () => {
    await client.post('/api/auth/register/', registration('pending@example.be'), from('192.0.2.5'));
    const resend = await client.post('/api/auth/resend-otp/', { email: 'pending@example.be' }, from('192.0.2.6'));
    expect(resend.status).toBe(429);
    expect(linesWith('status=429').at(-1)).toContain('ip=192.0.2.6');
    for (let i = 0; i < 11; i++) {
      await client.post('/api/auth/password-reset/', { email: `p${i}@example.be` }, from('192.0.2.7'));
    }
    const refused = linesWith('/api/auth/password-reset').filter((line) => line.includes('status=429'));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('ip=192.0.2.7');
  });
});
