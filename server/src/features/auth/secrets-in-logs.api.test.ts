import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { codeFrom, lastMail, linkFrom, PASSWORD, registration, SESSION_COOKIE } from './auth.test-support';

describe('logs never contain codes, tokens, passwords or session ids', () => {
  let server: TestServer;
  const secrets: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const client = createTestClient(server.url);
    const other = createTestClient(server.url);
    secrets.push(PASSWORD, 'New secret pass 9', 'Wrong guess 123');

    await client.post('/api/auth/register/', registration('logs@example.be'));
    const mail = await lastMail(server, 'logs@example.be');
    const code = codeFrom(mail);
    const activation = linkFrom(mail, 'activate');
    secrets.push(code, activation.token);
    await client.post('/api/auth/verify-otp/', {
      email: 'logs@example.be',
      code: '000000' === code ? '111111' : '000000',
    });
    await client.post('/api/auth/verify-otp/', { email: 'logs@example.be', code });
    secrets.push(client.cookies.get(SESSION_COOKIE) as string, client.cookies.get('pe_csrftoken') as string);

    await other.post('/api/auth/login/', { username: 'logs@example.be', password: 'Wrong guess 123' });
    await other.post('/api/auth/login/', { username: 'logs@example.be', password: PASSWORD });
    secrets.push(other.cookies.get(SESSION_COOKIE) as string);
    await other.post('/api/auth/logout/');

    await client.post('/api/auth/password-reset/', { email: 'logs@example.be' });
    const reset = linkFrom(await lastMail(server, 'logs@example.be', 2), 'reset-password');
    secrets.push(reset.token);
    await client.post('/api/auth/password-reset-confirm/', {
      uid: reset.uid,
      token: reset.token,
      new_password: 'New secret pass 9',
    });
    await client.post('/api/auth/activate/', { uid: activation.uid, token: activation.token });
    await lastMail(server, 'logs@example.be', 3);
  });
  afterAll(() => server.close());

  it('logged the flow (so the check below looks at something)', () => {
    const logs = server.logs().join('\n');
    expect(logs).toContain('login');
    expect(logs).toContain('password reset completed');
    expect(logs).toContain('mail written to outbox');
  });

  it('contains none of the secrets', () => {
    const logs = server.logs().join('\n');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(logs).not.toContain(secret);
    }
  });
});
