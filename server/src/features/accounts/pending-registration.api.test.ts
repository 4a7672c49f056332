import { describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import {
  codeFrom,
  lastMail,
  linkFrom,
  PASSWORD,
  registration,
  useAccountsTest,
  waitForMails,
  wrongCode,
} from './accounts.test-support';

const INTRUDER_PASSWORD = 'Intruder pass 31';

/** A pending registration cannot be hijacked, burned or probed. */
describe('pending registrations', () => {
  const t = useAccountsTest();

  const login = (c: TestClient, email: string, password: string) =>
    c.post('/api/auth/login/', { username: email, password });

  it("a second registration within the resend window leaves the first code and link working, for the owner's password only", async () => {
    const email = 'victim@example.be';
    await t.client.post('/api/auth/register/', registration(email));
    const first = await lastMail(t.server, email);
    const intruder = createTestClient(t.server.url);
    const again = await intruder.post('/api/auth/register/', registration(email, { password: INTRUDER_PASSWORD }));
    expect(again.status).toBe(201);

    // In another browser than the one that registered, the code asks for the password it activates.
    const owner = createTestClient(t.server.url);
    const asked = await owner.post('/api/auth/verify-otp/', { email, code: codeFrom(first) });
    expect(asked.status).toBe(400);
    expect(asked.body.code).toBe('password_required');
    const { uid, token } = linkFrom(first, 'activate');
    expect((await owner.post('/api/auth/activate/', { uid, token, password: PASSWORD })).status).toBe(200);
    expect((await login(createTestClient(t.server.url), email, INTRUDER_PASSWORD)).body.code).toBe(
      'invalid_credentials',
    );
    expect((await login(createTestClient(t.server.url), email, PASSWORD)).status).toBe(200);
  });

  it('a resend leaves the earlier code and link live; each activates the password registered in this browser', async () => {
    const email = 'resend@example.be';
    await t.client.post('/api/auth/register/', registration(email));
    const first = await lastMail(t.server, email);
    t.clock.advance(61_000);
    expect((await t.client.post('/api/auth/resend-otp/', { email })).status).toBe(200);
    const second = (await waitForMails(t.server, email, 2))[1]!;
    expect(codeFrom(second)).toMatch(/^\d{6}$/);
    expect((await t.client.post('/api/auth/verify-otp/', { email, code: codeFrom(first) })).status).toBe(200);
    // Used once, the mailbox is proven: the other code and every link die with it.
    const old = linkFrom(first, 'activate');
    expect((await t.client.post('/api/auth/activate/', { uid: old.uid, token: old.token })).status).toBe(400);
    expect((await login(createTestClient(t.server.url), email, PASSWORD)).status).toBe(200);
  });

  it("strangers' wrong codes burn the code but not the mailed link, and the owner can still resend", async () => {
    const email = 'burned@example.be';
    await t.client.post('/api/auth/register/', registration(email));
    const mail = await lastMail(t.server, email);
    const stranger = createTestClient(t.server.url);
    for (let i = 0; i < 5; i++) {
      await stranger.post('/api/auth/verify-otp/', { email, code: wrongCode(codeFrom(mail)) });
    }
    expect((await t.client.post('/api/auth/verify-otp/', { email, code: codeFrom(mail) })).status).toBe(400);

    const { uid, token } = linkFrom(mail, 'activate');
    const activated = await t.client.post('/api/auth/activate/', { uid, token });
    expect(activated.status).toBe(200);
    expect(activated.body.user.email).toBe(email);
  });

  it('after a burned code the owner gets a fresh code by resend', async () => {
    const email = 'burned2@example.be';
    await t.client.post('/api/auth/register/', registration(email));
    const mail = await lastMail(t.server, email);
    for (let i = 0; i < 5; i++) {
      await createTestClient(t.server.url).post('/api/auth/verify-otp/', { email, code: wrongCode(codeFrom(mail)) });
    }
    t.clock.advance(61_000);
    expect((await t.client.post('/api/auth/resend-otp/', { email })).status).toBe(200);
    const fresh = (await waitForMails(t.server, email, 2))[1]!;
    expect((await t.client.post('/api/auth/verify-otp/', { email, code: codeFrom(fresh) })).status).toBe(200);
  });

  it('without the password, an unverified account answers exactly like a wrong password on a verified one', async () => {
    await t.client.post('/api/auth/register/', registration('pending@example.be'));
    await lastMail(t.server, 'pending@example.be');
    await t.client.post('/api/auth/register/', registration('verified@example.be'));
    const code = codeFrom(await lastMail(t.server, 'verified@example.be'));
    expect((await t.client.post('/api/auth/verify-otp/', { email: 'verified@example.be', code })).status).toBe(200);

    const probe = createTestClient(t.server.url);
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
