import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { codeFrom, lastMail, linkFrom, PASSWORD, registration, SESSION_COOKIE } from './accounts.test-support';
import { startFakeGoogleIdp, type FakeGoogleIdp } from '../../../test/fakes/google-idp';

/** The signature segment of a JWT: the part nobody but the issuer can produce. */
const jwtSignature = (jwt: string) => jwt.split('.')[2] as string;

describe.each(['text', 'json'])(
  'logs (%s) never contain codes, tokens, passwords, session ids, addresses or contact messages',
  (format) => {
    let server: TestServer;
    let idp: FakeGoogleIdp;
    const secrets: string[] = [];

    beforeAll(async () => {
      idp = await startFakeGoogleIdp();
      server = await startTestServer({
        GOOGLE_CLIENT_ID: idp.clientId,
        GOOGLE_JWKS_URL: idp.jwksUrl,
        LOG_FORMAT: format,
      });
      const client = createTestClient(server.url);
      const other = createTestClient(server.url);
      secrets.push(PASSWORD, 'New secret pass 9', 'Wrong guess 123', 'logs@example.be');

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

      // Google Sign-In: one accepted ID token, one with a forged signature.
      const google = createTestClient(server.url);
      const good = idp.idToken({ sub: '1098765432101234567890', email: 'jan.janssens@gmail.com' });
      const accepted = await google.post('/api/auth/google/verify/', { id_token: good, is_pharmacist: false });
      expect(accepted.status).toBe(200);
      secrets.push(good, jwtSignature(good), google.cookies.get(SESSION_COOKIE) as string, 'jan.janssens@gmail.com');
      const victim = idp.idToken({ sub: '2098765432101234567890', email: 'forged.user@gmail.com' });
      const forged = `${victim.slice(0, victim.lastIndexOf('.') + 1)}${jwtSignature(good)}`;
      const rejected = await createTestClient(server.url).post('/api/auth/google/verify/', { id_token: forged });
      expect(rejected.status).toBe(400);
      secrets.push(forged, victim.split('.')[1] as string);

      // Contact form: what a visitor writes and their address are theirs, not the log's.
      const visitor = createTestClient(server.url);
      const message = 'Confidential counter note 7731: allergic to ibuprofen, please call back';
      const sent = await visitor.post('/api/contact/', {
        name: 'Marie Dubois',
        email: 'marie.dubois.7731@example.be',
        message,
      });
      expect(sent.status).toBe(201);
      const tooLong = await visitor.post('/api/contact/', {
        name: 'Marie Dubois',
        email: 'marie.dubois.7731@example.be',
        message: `${message} ${'x'.repeat(5000)}`,
      });
      expect(tooLong.status).toBe(400);
      secrets.push(message, 'Confidential counter note 7731', 'marie.dubois.7731@example.be', 'marie.dubois.7731');
    });
    afterAll(async () => {
      await server.close();
      await idp.close();
    });

    it('logged the flow (so the check below looks at something)', () => {
      const logs = server.logs().join('\n');
      expect(logs).toContain('login');
      expect(logs).toContain('password reset completed');
      expect(logs).toContain('mail written to outbox');
      expect(logs).toContain('account created with google');
      expect(logs).toContain('google token rejected');
      expect(logs).toContain('contact message sent');
      if (format === 'json') for (const line of server.logs()) expect(() => JSON.parse(line), line).not.toThrow();
    });

    it('contains none of the secrets', () => {
      const logs = server.logs().join('\n');
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThanOrEqual(6);
        expect(logs).not.toContain(secret);
      }
    });
  },
);
