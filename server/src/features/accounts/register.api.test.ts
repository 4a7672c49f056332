import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import {
  codeFrom,
  createClock,
  lastMail,
  linkFrom,
  PASSWORD,
  registration,
  SESSION_COOKIE,
  waitForMails,
  startAccountsTest,
} from './accounts.test-support';

describe('POST /api/auth/register/', () => {
  let server: TestServer, client: TestClient;
  const clock = createClock();

  beforeEach(async () => ({ server, client } = await startAccountsTest({ clock })));
  afterEach(() => server.close());

  it('creates the account without logging in and mails a code and an activation link', async () => {
    const res = await client.post('/api/auth/register/', registration('  Anne@Example.BE '));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ detail: expect.stringContaining('6 chiffres'), email: 'anne@example.be' });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get('/api/auth/me/')).body).toEqual({ user: null });

    const mail = await lastMail(server, 'anne@example.be');
    expect(mail.subject).toBe('Votre code de vérification PharmaRadar');
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
    const link = linkFrom(mail, 'activate');
    expect(link.url.startsWith(`${server.env.PUBLIC_URL}/fr/activate/`)).toBe(true);
    expect(mail.raw).toContain('text/html');
  });

  // Tests wait for the work done after the answer through pendingMails instead of polling the outbox:
  // it must cover the mail that this work sends once it runs, not only the work itself.
  it('has the code mail written once the server says the work after the answer is done', async () => {
    for (const email of ['first@example.be', 'second@example.be']) {
      expect((await client.post('/api/auth/register/', registration(email))).status).toBe(201);
      await server.pendingMails();
      const mails = server.readOutbox().filter((m) => m.to.includes(email));
      expect(mails.map((m) => m.subject)).toEqual(['Votre code de vérification PharmaRadar']);
    }
  });

  it('writes the mail in the language of the request', async () => {
    await client.post('/api/auth/register/', registration('nl@example.be'), { lang: 'nl-BE,nl;q=0.9' });
    const mail = await lastMail(server, 'nl@example.be');
    expect(mail.subject).toBe('Uw PharmaRadar-verificatiecode');
    expect(linkFrom(mail, 'activate').lang).toBe('nl');
  });

  it('answers an existing verified address exactly like a new one and warns its owner instead', async () => {
    const first = await client.post('/api/auth/register/', registration('owner@example.be'));
    await client.post('/api/auth/verify-otp/', {
      email: 'owner@example.be',
      code: codeFrom(await lastMail(server, 'owner@example.be')),
    });
    clock.advance(61_000);

    const other = createTestClient(server.url);
    const again = await other.post(
      '/api/auth/register/',
      registration('owner@example.be', { password: 'Another pass 99' }),
    );
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);

    const mails = await waitForMails(server, 'owner@example.be', 2);
    const warning = mails[1]!;
    expect(warning.subject).toBe('Tentative d’inscription avec votre adresse PharmaRadar');
    expect(warning.text).not.toMatch(/\b\d{6}\b/);
    // The original password still works, the attempted one does not.
    const intruder = createTestClient(server.url);
    expect(
      (await intruder.post('/api/auth/login/', { username: 'owner@example.be', password: 'Another pass 99' })).status,
    ).toBe(400);
    expect((await intruder.post('/api/auth/login/', { username: 'owner@example.be', password: PASSWORD })).status).toBe(
      200,
    );
  });

  it.each([
    ['fr', 'fr', 'Veuillez remplir tous les champs obligatoires.'],
    ['en', 'en', 'Please fill in all required fields.'],
    ['nl', 'nl', 'Vul alle verplichte velden in.'],
  ])('rejects missing fields (%s)', async (_name, lang, detail) => {
    const res = await client.post('/api/auth/register/', {}, { lang });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(res.body.detail).toBe(detail);
    expect(Object.keys(res.body.fields).sort()).toEqual([
      'accept_terms',
      'email',
      'first_name',
      'is_pharmacist',
      'last_name',
      'password',
    ]);
  });

  it.each([
    [
      { password: '1234567' },
      'password',
      'Le mot de passe doit contenir au moins 8 caractères.',
      'Password must be at least 8 characters long.',
    ],
    [
      { accept_terms: false },
      'accept_terms',
      'Vous devez accepter les conditions d’utilisation.',
      'You must accept the terms of use.',
    ],
    [
      { is_pharmacist: null },
      'is_pharmacist',
      'Veuillez indiquer si vous êtes pharmacien.',
      'Please indicate whether you are a pharmacist.',
    ],
    [
      { email: 'not-an-email' },
      'email',
      'Veuillez saisir une adresse e-mail valide.',
      'Please enter a valid email address.',
    ],
  ])('rejects %o with the validation message in fr and en and stores nothing', async (override, field, fr, en) => {
    for (const [lang, text] of [
      ['fr', fr],
      ['en', en],
    ] as const) {
      const res = await client.post('/api/auth/register/', registration('bad@example.be', override), { lang });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(text);
      expect(res.body.fields[field]).toBe(text);
    }
    expect(server.db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
  });

  it('rejects a common password with code password_common', async () => {
    const res = await client.post(
      '/api/auth/register/',
      registration('common@example.be', { password: 'password123' }),
      { lang: 'en' },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('password_common');
    expect(res.body.detail).toMatch(/too common/);
    expect(res.body.fields.password).toBeDefined();
    expect(
      (await client.post('/api/auth/register/', registration('common@example.be', { password: 'AZERTYUIOP' }))).body
        .code,
    ).toBe('password_common');
  });

  it('accepts 8, 64-character and Unicode passwords', async () => {
    for (const [i, password] of ['8 chars!', 'p'.repeat(63) + '!', 'mötdepässe 🙂 ñ'].entries()) {
      const res = await client.post('/api/auth/register/', registration(`len${i}@example.be`, { password }));
      expect(res.status).toBe(201);
    }
  });

  it('stores the password as argon2id with at least the ASVS parameters and a unique salt', async () => {
    await client.post('/api/auth/register/', registration('a1@example.be'));
    await client.post('/api/auth/register/', registration('a2@example.be'));
    const rows = server.db.prepare('SELECT password_hash FROM users ORDER BY id').all() as { password_hash: string }[];
    const salts = new Set<string>();
    for (const { password_hash } of rows) {
      const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
        password_hash,
      );
      expect(match).not.toBeNull();
      const [, m, t, p, salt] = match!;
      expect(Number(m)).toBeGreaterThanOrEqual(19456);
      expect(Number(t)).toBeGreaterThanOrEqual(2);
      expect(Number(p)).toBe(1);
      expect(Buffer.from(salt!, 'base64').length).toBeGreaterThanOrEqual(16);
      salts.add(salt!);
    }
    expect(salts.size).toBe(2);
  });

  it('refuses a request without a valid CSRF token', async () => {
    const missing = await client.post('/api/auth/register/', registration('csrf@example.be'), { csrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('csrf_failed');
    await client.csrf();
    const mismatched = await client.post('/api/auth/register/', registration('csrf@example.be'), {
      csrf: 'x'.repeat(30) + '.' + 'y'.repeat(43),
    });
    expect(mismatched.status).toBe(403);
    const other = createTestClient(server.url);
    other.cookies.set(SESSION_COOKIE, 'Q'.repeat(43));
    const foreign = await other.csrf();
    const fromOtherSession = await client.post('/api/auth/register/', registration('csrf@example.be'), {
      csrf: foreign,
      cookieHeader: `pe_csrftoken=${foreign}`,
    });
    expect(fromOtherSession.status).toBe(403);
    expect(server.db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
  });

  it('answers GET on state-changing routes with 404 and changes nothing', async () => {
    for (const path of [
      '/api/auth/register/',
      '/api/auth/login/',
      '/api/auth/logout/',
      '/api/auth/verify-otp/',
      '/api/account/delete/',
    ]) {
      expect((await client.get(path)).status).toBe(404);
    }
  });

  it('limits registrations per connection (429 with Retry-After)', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await client.post('/api/auth/register/', registration(`r${i}@example.be`, { password: 'x' }))).status;
    }
    expect(last).toBe(429);
  });
});
