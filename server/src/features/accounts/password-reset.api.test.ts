import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient, type TestResponse } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import {
  lastMail,
  linkFrom,
  PASSWORD,
  SESSION_COOKIE,
  waitForMails,
  startAccountsTest,
  type Clock,
} from './accounts.test-support';

/** Headers that may differ between two answers for reasons unrelated to the account. */
const VARYING = new Set(['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset']);
const comparableHeaders = (res: TestResponse) =>
  [...res.headers.entries()].filter(([name]) => !VARYING.has(name)).sort(([a], [b]) => a.localeCompare(b));

describe('password reset', () => {
  let server: TestServer, clock: Clock, client: TestClient;

  beforeEach(async () => ({ server, clock, client } = await startAccountsTest({ registered: 'reset@example.be' })));
  afterEach(() => server.close());

  const resetMails = (email: string) =>
    server.readOutbox().filter((m) => m.to.includes(email) && m.text.includes('/reset-password/'));

  async function requestLink(email = 'reset@example.be', lang?: string) {
    const before = resetMails(email).length;
    const res = await client.post('/api/auth/password-reset/', { email }, { lang });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 5000;
    while (resetMails(email).length <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return linkFrom(resetMails(email)[before]!, 'reset-password');
  }

  it('answers existing and unknown addresses with the same status, body and headers', async () => {
    const known = await client.post('/api/auth/password-reset/', { email: 'reset@example.be' });
    const unknown = await client.post('/api/auth/password-reset/', { email: 'ghost@example.be' });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    expect(comparableHeaders(unknown)).toEqual(comparableHeaders(known));
    expect(known.body.detail).toMatch(/Si un compte existe/);
    await waitForMails(server, 'reset@example.be', 2);
    expect(server.readOutbox().some((m) => m.to.includes('ghost@example.be'))).toBe(false);
  });

  it('mails a language-prefixed link that sets the password once, ends every session and notifies', async () => {
    const sessionA = createTestClient(server.url);
    const sessionB = createTestClient(server.url);
    await sessionA.post('/api/auth/login/', { username: 'reset@example.be', password: PASSWORD });
    await sessionB.post('/api/auth/login/', { username: 'reset@example.be', password: PASSWORD });

    const link = await requestLink('reset@example.be', 'nl');
    expect(link.url.startsWith(`${server.env.PUBLIC_URL}/nl/reset-password/`)).toBe(true);
    const res = await client.post(
      '/api/auth/password-reset-confirm/',
      { uid: link.uid, token: link.token, new_password: 'Brand new pass 1' },
      { lang: 'en' },
    );
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe('Your password has been changed. You can now log in.');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    for (const old of [sessionA, sessionB]) {
      expect((await old.get('/api/auth/me/')).body).toEqual({ user: null });
      expect((await old.patch('/api/auth/update-profile/', { first_name: 'X' })).status).toBe(401);
    }
    const notice = await lastMail(server, 'reset@example.be', 3);
    expect(notice.subject).toBe('Your PharmaRadar password was changed');

    const again = await client.post('/api/auth/password-reset-confirm/', {
      uid: link.uid,
      token: link.token,
      new_password: 'Third pass 333',
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'reset_invalid',
      detail: 'Lien expiré ou invalide. Veuillez refaire la demande.',
    });

    expect((await client.post('/api/auth/login/', { username: 'reset@example.be', password: PASSWORD })).status).toBe(
      400,
    );
    expect(
      (await client.post('/api/auth/login/', { username: 'reset@example.be', password: 'Brand new pass 1' })).status,
    ).toBe(200);
  });

  it('refuses a link after an hour, after a login, when tampered, and an older link once a newer was used', async () => {
    const old = await requestLink();
    const newer = await requestLink();
    expect(
      (
        await client.post('/api/auth/password-reset-confirm/', {
          uid: newer.uid,
          token: newer.token,
          new_password: 'Fresh pass 123',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await client.post('/api/auth/password-reset-confirm/', {
          uid: old.uid,
          token: old.token,
          new_password: 'Fresh pass 456',
        })
      ).body.code,
    ).toBe('reset_invalid');

    const afterLogin = await requestLink();
    clock.advance(1000);
    await createTestClient(server.url).post('/api/auth/login/', {
      username: 'reset@example.be',
      password: 'Fresh pass 123',
    });
    expect(
      (
        await client.post('/api/auth/password-reset-confirm/', {
          uid: afterLogin.uid,
          token: afterLogin.token,
          new_password: 'Fresh pass 789',
        })
      ).body.code,
    ).toBe('reset_invalid');

    clock.advance(61 * 60 * 1000); // the per-address mail allowance (3 an hour) is spent
    const late = await requestLink();
    const [ts, sig] = late.token.split('-') as [string, string];
    const bumped = `${(parseInt(ts, 36) + 100).toString(36)}-${sig}`;
    expect(
      (
        await client.post('/api/auth/password-reset-confirm/', {
          uid: late.uid,
          token: bumped,
          new_password: 'Fresh pass 000',
        })
      ).body.code,
    ).toBe('reset_invalid');
    const otherUid = Buffer.from('2').toString('base64url');
    expect(
      (
        await client.post('/api/auth/password-reset-confirm/', {
          uid: otherUid,
          token: late.token,
          new_password: 'Fresh pass 000',
        })
      ).body.code,
    ).toBe('reset_invalid');
    clock.advance(60 * 60 * 1000 + 1000);
    expect(
      (
        await client.post('/api/auth/password-reset-confirm/', {
          uid: late.uid,
          token: late.token,
          new_password: 'Fresh pass 000',
        })
      ).body.code,
    ).toBe('reset_invalid');
  });

  it.each([
    ['fr', 'Mot de passe trop court (min. 8 caractères).'],
    ['en', 'Password too short (min. 8 characters).'],
  ])('refuses a short password (%s) and keeps the link usable', async (lang, message) => {
    const link = await requestLink();
    const res = await client.post(
      '/api/auth/password-reset-confirm/',
      { uid: link.uid, token: link.token, new_password: '1234567' },
      { lang },
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(message);
    expect(res.body.fields.new_password).toBe(message);
    const common = await client.post('/api/auth/password-reset-confirm/', {
      uid: link.uid,
      token: link.token,
      new_password: 'password123',
    });
    expect(common.body.code).toBe('password_common');
    expect(
      (
        await client.post('/api/auth/password-reset-confirm/', {
          uid: link.uid,
          token: link.token,
          new_password: 'Okay pass 2024',
        })
      ).status,
    ).toBe(200);
  });

  it('invalid e-mail in the request is a 400 with the validation message', async () => {
    const res = await client.post('/api/auth/password-reset/', { email: 'nope' }, { lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.fields.email).toBe('Please enter a valid email address.');
  });

  it('sends at most three reset mails an hour per address, answering the same', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 4; i++)
      answers.push((await client.post('/api/auth/password-reset/', { email: 'reset@example.be' })).text);
    expect(new Set(answers).size).toBe(1);
    await waitForMails(server, 'reset@example.be', 4); // verification + 3 resets
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.readOutbox().filter((m) => m.to.includes('reset@example.be'))).toHaveLength(4);
  });
});
