import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { lastMail, PASSWORD, registerAndVerify, SESSION_COOKIE } from './accounts.test-support';

describe('account: profile update and deletion', () => {
  let server: TestServer;
  let client: TestClient;

  beforeEach(async () => {
    server = await startTestServer();
    client = createTestClient(server.url);
    await registerAndVerify(server, client, 'me@example.be');
  });
  afterEach(() => server.close());

  it('updates names and the pharmacist answer, answering {user}', async () => {
    const res = await client.patch('/api/auth/update-profile/', { first_name: ' Marie ', is_pharmacist: false });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      first_name: 'Marie',
      last_name: 'Peeters',
      is_pharmacist: false,
      email: 'me@example.be',
    });
    expect((await client.get('/api/auth/me/')).body.user.first_name).toBe('Marie');
  });

  it('ignores an e-mail change and refuses an empty name with a translated message', async () => {
    const res = await client.patch(
      '/api/auth/update-profile/',
      { email: 'other@example.be', last_name: '' },
      { lang: 'en' },
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ last_name: 'This field is required.' });
    const ok = await client.patch('/api/auth/update-profile/', { email: 'other@example.be' });
    expect(ok.body.user.email).toBe('me@example.be');
  });

  it.each([
    ['fr', 'Connexion requise. Vous n’êtes pas connecté.'],
    ['en', 'Login required. You are not logged in.'],
  ])('update-profile and delete need a session (401, %s)', async (lang, detail) => {
    const anonymous = createTestClient(server.url);
    for (const res of [
      await anonymous.patch('/api/auth/update-profile/', { first_name: 'X' }, { lang }),
      await anonymous.post(
        '/api/account/delete/',
        { email_confirmation: 'me@example.be', acknowledge: true, password: PASSWORD },
        { lang },
      ),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'unauthorized', detail });
    }
  });

  it('refuses deletion when the typed e-mail differs or the acknowledgement is missing', async () => {
    const mismatch = await client.post(
      '/api/account/delete/',
      { email_confirmation: 'you@example.be', acknowledge: true, password: PASSWORD },
      { lang: 'en' },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe('email_mismatch');
    expect(mismatch.body.fields.email_confirmation).toBe('The email address you typed does not match your account.');
    const noAck = await client.post('/api/account/delete/', {
      email_confirmation: 'me@example.be',
      acknowledge: false,
      password: PASSWORD,
    });
    expect(noAck.status).toBe(400);
    expect(noAck.body.fields.acknowledge).toBeDefined();
    expect((await client.get('/api/auth/me/')).body.user.email).toBe('me@example.be');
  });

  it('deletion ends every session at once, mails a confirmation and makes login impossible', async () => {
    const other = createTestClient(server.url);
    await other.post('/api/auth/login/', { username: 'me@example.be', password: PASSWORD });
    expect((await other.get('/api/auth/me/')).body.user).not.toBeNull();

    const res = await client.post(
      '/api/account/delete/',
      { email_confirmation: ' ME@example.be ', acknowledge: true, password: PASSWORD },
      { lang: 'en' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Your account has been deleted.' });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    expect((await other.get('/api/auth/me/')).body).toEqual({ user: null });
    expect((await other.patch('/api/auth/update-profile/', { first_name: 'X' })).status).toBe(401);
    const mail = await lastMail(server, 'me@example.be', 2);
    expect(mail.subject).toBe('Votre compte PharmaRadar a été supprimé');
    expect(mail.text).toContain('30 jours');

    const login = await createTestClient(server.url).post('/api/auth/login/', {
      username: 'me@example.be',
      password: PASSWORD,
    });
    expect(login.status).toBe(400);
    expect(login.body.code).toBe('invalid_credentials');
    expect(server.db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
    expect(server.db.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });
  });

  it('tells the web whether the account has a password (has_password)', async () => {
    expect((await client.get('/api/auth/me/')).body.user.has_password).toBe(true);
  });

  describe('re-authentication with the password (docs/security.md#sessions)', () => {
    const stillThere = async () => {
      expect((await client.get('/api/auth/me/')).body.user.email).toBe('me@example.be');
      expect(server.db.prepare('SELECT count(*) AS n FROM users WHERE closed_at IS NULL').get()).toEqual({ n: 1 });
    };

    it('refuses a deletion without the password and deletes nothing', async () => {
      const res = await client.post(
        '/api/account/delete/',
        { email_confirmation: 'me@example.be', acknowledge: true },
        { lang: 'en' },
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'validation',
        detail: 'Please fill in all required fields.',
        fields: { password: 'This field is required.' },
      });
      await stillThere();
    });

    it.each([
      ['fr', 'Mot de passe incorrect.'],
      ['en', 'Incorrect password.'],
      ['nl', 'Onjuist wachtwoord.'],
    ])('refuses a wrong password with a translated 400 and deletes nothing (%s)', async (lang, detail) => {
      const res = await client.post(
        '/api/account/delete/',
        { email_confirmation: 'me@example.be', acknowledge: true, password: `${PASSWORD}!` },
        { lang },
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'incorrect_password', detail, fields: { password: detail } });
      await stillThere();
      expect(server.readOutbox().filter((m) => m.to.includes('me@example.be'))).toHaveLength(1);
    });

    it('limits password tries: the sixth within 15 minutes is a 429 with Retry-After, even when right', async () => {
      for (let i = 0; i < 5; i++) {
        const wrong = await client.post('/api/account/delete/', {
          email_confirmation: 'me@example.be',
          acknowledge: true,
          password: `wrong ${i}`,
        });
        expect(wrong.status).toBe(400);
      }
      const blocked = await client.post('/api/account/delete/', {
        email_confirmation: 'me@example.be',
        acknowledge: true,
        password: PASSWORD,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('rate_limited');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      await stillThere();
    });
  });

  it('the address can register again after deletion', async () => {
    await client.post('/api/account/delete/', {
      email_confirmation: 'me@example.be',
      acknowledge: true,
      password: PASSWORD,
    });
    const again = createTestClient(server.url);
    await registerAndVerify(server, again, 'me@example.be', { first_name: 'Nouveau' });
    expect((await again.get('/api/auth/me/')).body.user.first_name).toBe('Nouveau');
  });
});
