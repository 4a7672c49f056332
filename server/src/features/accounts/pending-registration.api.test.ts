import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import {
  codeFrom,
  lastMail,
  linkFrom,
  PASSWORD,
  registration,
  startAccountsTest,
  waitForMails,
  wrongCode,
  type Clock,
} from './accounts.test-support';

const INTRUDER_PASSWORD = 'Intruder pass 31';

/** Issue 8, items 2, 4 and 5: a pending registration cannot be hijacked, burned or probed. */
describe('pending registrations', () => {
  let server: TestServer, clock: Clock, client: TestClient;

  beforeEach(async () => ({ server, clock, client } = await startAccountsTest()));
  afterEach(() => server.close());

  const login = (c: TestClient, email: string, password: string) =>
    c.post('/api/auth/login/', { username: email, password });

  it('a second registration within the resend window kills the first code and link (no silent password swap)', async () => {
    const email = 'victim@example.be';
    await client.post('/api/auth/register/', registration(email));
    const first = await lastMail(server, email);
    const intruder = createTestClient(server.url);
    const again = await intruder.post('/api/auth/register/', registration(email, { password: INTRUDER_PASSWORD }));
    expect(again.status).toBe(201);

    const owner = createTestClient(server.url);
    const byCode = await owner.post('/api/auth/verify-otp/', { email, code: codeFrom(first) });
    expect(byCode.status).toBe(400);
    expect(byCode.body.code).toBe('otp_invalid');
    const { uid, token } = linkFrom(first, 'activate');
    expect((await owner.post('/api/auth/activate/', { uid, token })).status).toBe(400);
    // Nobody got signed in with the intruder's password. Issue 17.2 changed this answer on purpose:
    // it was email_not_verified (his password had replaced the owner's); now the account row keeps
    // the owner's registration, so his password is simply wrong.
    expect((await login(createTestClient(server.url), email, INTRUDER_PASSWORD)).body.code).toBe('invalid_credentials');
  });

  it('a resend kills the earlier code and link; the new code activates the password registered with it', async () => {
    const email = 'resend@example.be';
    await client.post('/api/auth/register/', registration(email));
    const first = await lastMail(server, email);
    clock.advance(61_000);
    expect((await client.post('/api/auth/resend-otp/', { email })).status).toBe(200);
    const second = (await waitForMails(server, email, 2))[1]!;
    expect((await client.post('/api/auth/verify-otp/', { email, code: codeFrom(first) })).status).toBe(400);
    const old = linkFrom(first, 'activate');
    expect((await client.post('/api/auth/activate/', { uid: old.uid, token: old.token })).status).toBe(400);
    expect((await client.post('/api/auth/verify-otp/', { email, code: codeFrom(second) })).status).toBe(200);
    expect((await login(createTestClient(server.url), email, PASSWORD)).status).toBe(200);
  });

  it("strangers' wrong codes burn the code but not the mailed link, and the owner can still resend", async () => {
    const email = 'burned@example.be';
    await client.post('/api/auth/register/', registration(email));
    const mail = await lastMail(server, email);
    const stranger = createTestClient(server.url);
    for (let i = 0; i < 5; i++) {
      await stranger.post('/api/auth/verify-otp/', { email, code: wrongCode(codeFrom(mail)) });
    }
    expect((await client.post('/api/auth/verify-otp/', { email, code: codeFrom(mail) })).status).toBe(400);

    const { uid, token } = linkFrom(mail, 'activate');
    const activated = await client.post('/api/auth/activate/', { uid, token });
    expect(activated.status).toBe(200);
    expect(activated.body.user.email).toBe(email);
  });

  it('after a burned code the owner gets a fresh code by resend', async () => {
    const email = 'burned2@example.be';
    await client.post('/api/auth/register/', registration(email));
    const mail = await lastMail(server, email);
    for (let i = 0; i < 5; i++) {
      await createTestClient(server.url).post('/api/auth/verify-otp/', { email, code: wrongCode(codeFrom(mail)) });
    }
    clock.advance(61_000);
    expect((await client.post('/api/auth/resend-otp/', { email })).status).toBe(200);
    const fresh = (await waitForMails(server, email, 2))[1]!;
    expect((await client.post('/api/auth/verify-otp/', { email, code: codeFrom(fresh) })).status).toBe(200);
  });

  it('without the password, an unverified account answers exactly like a wrong password on a verified one', async () => {
    await client.post('/api/auth/register/', registration('pending@example.be'));
    await lastMail(server, 'pending@example.be');
    await client.post('/api/auth/register/', registration('verified@example.be'));
    const code = codeFrom(await lastMail(server, 'verified@example.be'));
    expect((await client.post('/api/auth/verify-otp/', { email: 'verified@example.be', code })).status).toBe(200);

    const probe = createTestClient(server.url);
    const answers = [];
    for (const email of ['pending@example.be', 'verified@example.be', 'nobody@example.be']) {
      const res = await login(probe, email, 'Not the password 1');
      answers.push({ status: res.status, body: res.body, cookie: res.headers.get('set-cookie') });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[0]!.body.code).toBe('invalid_credentials');
  });
});
