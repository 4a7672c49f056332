import { describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../../test/fakes/outbox';
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
  type AccountsTest,
} from './accounts.test-support';

const INTRUDER_PASSWORD = 'Intruder pass 31';
const STRANGER_PASSWORD = 'Stranger pass 31';

/** The owner asks for a new code once the resend pace allows it; answers its mail, the one after `mailsSoFar`. */
async function resend(t: AccountsTest, email: string, mailsSoFar: number): Promise<OutboxMail> {
  t.clock.advance(61_000);
  expect((await t.client.post('/api/auth/resend-otp/', { email })).status).toBe(200);
  return (await waitForMails(t.server, email, mailsSoFar + 1))[mailsSoFar]!;
}

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
    const second = await resend(t, email, 1);
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
    const fresh = await resend(t, email, 1);
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

/**
 * A stranger re-registering a pending address never plants his password, whatever the victim does
 * next with her mailbox, and never kills the code she was mailed (docs/decisions/185).
 */
describe('re-registration of a pending address', () => {
  // t.client is the victim's browser: the one that registers her address.
  const t = useAccountsTest();
  const email = 'victim@example.be';

  const login = (password: string) =>
    createTestClient(t.server.url).post('/api/auth/login/', { username: email, password });

  /** The victim registers; a stranger re-registers her address with his own password. */
  async function plant(options: { strangerMailed: boolean }) {
    expect((await t.client.post('/api/auth/register/', registration(email))).status).toBe(201);
    const first = await lastMail(t.server, email);
    if (options.strangerMailed) t.clock.advance(61_000);
    const stranger = createTestClient(t.server.url);
    const again = await stranger.post(
      '/api/auth/register/',
      registration(email, { password: STRANGER_PASSWORD, first_name: 'Mallory' }),
    );
    expect(again.status).toBe(201);
    // Mails go out in the background: wait for his, so the next mail read is the next one sent.
    if (options.strangerMailed) await waitForMails(t.server, email, 2);
    return { first, mailsSoFar: options.strangerMailed ? 2 : 1 };
  }

  it("the victim's first code still works after the stranger's re-registration, for her password", async () => {
    const { first } = await plant({ strangerMailed: false });
    expect((await t.client.post('/api/auth/verify-otp/', { email, code: codeFrom(first) })).status).toBe(200);
    expect((await login(STRANGER_PASSWORD)).body.code).toBe('invalid_credentials');
    expect((await login(PASSWORD)).status).toBe(200);
  });

  for (const strangerMailed of [true, false]) {
    const when = strangerMailed ? 'after the pace (his registration is mailed)' : 'within the pace (nothing mailed)';
    it(`a stranger re-registering ${when}: the victim's new code activates her password, not his`, async () => {
      const { mailsSoFar } = await plant({ strangerMailed });
      const mail = await resend(t, email, mailsSoFar);
      const verified = await t.client.post('/api/auth/verify-otp/', { email, code: codeFrom(mail) });
      expect(verified.status).toBe(200);
      expect(verified.body.user.first_name).toBe('Anne');

      const his = await login(STRANGER_PASSWORD);
      expect(his.status).toBe(400);
      expect(his.body.code).toBe('invalid_credentials');
      expect((await login(PASSWORD)).status).toBe(200);
    });
  }

  it("the new code's activation link also activates the victim's password only", async () => {
    const { mailsSoFar } = await plant({ strangerMailed: true });
    const { uid, token } = linkFrom(await resend(t, email, mailsSoFar), 'activate');
    expect((await t.client.post('/api/auth/activate/', { uid, token })).status).toBe(200);
    expect((await login(STRANGER_PASSWORD)).body.code).toBe('invalid_credentials');
    expect((await login(PASSWORD)).status).toBe(200);
  });

  it("the stranger's registration mail tells the owner what its code would activate, greeting her by her name", async () => {
    await plant({ strangerMailed: true });
    const mail = (await waitForMails(t.server, email, 2))[1]!;
    expect(mail.text).toContain('Bonjour Anne,');
    expect(mail.text).not.toContain('Mallory');
    expect(mail.text).toContain('n’active aucun mot de passe que vous n’avez pas choisi');
    // Until someone uses a code, the account row keeps the victim's registration.
    const row = t.server.db.prepare('SELECT first_name FROM users WHERE email = ?').get(email) as {
      first_name: string;
    };
    expect(row.first_name).toBe('Anne');
  });

  it('a stranger who registered first cannot pre-plant: the owner’s own registration code activates her password', async () => {
    const stranger = createTestClient(t.server.url);
    await stranger.post('/api/auth/register/', registration(email, { password: STRANGER_PASSWORD }));
    await lastMail(t.server, email);
    t.clock.advance(61_000);
    await t.client.post('/api/auth/register/', registration(email));
    const hers = (await waitForMails(t.server, email, 2))[1]!;
    expect((await t.client.post('/api/auth/verify-otp/', { email, code: codeFrom(hers) })).status).toBe(200);
    expect((await login(STRANGER_PASSWORD)).body.code).toBe('invalid_credentials');
    expect((await login(PASSWORD)).status).toBe(200);
  });
});
