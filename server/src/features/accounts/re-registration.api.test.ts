import { describe, expect, it } from 'vitest';
import { createTestClient } from '../../../test/helpers/test-client';
import {
  codeFrom,
  lastMail,
  linkFrom,
  PASSWORD,
  registration,
  useAccountsTest,
  waitForMails,
} from './accounts.test-support';

const STRANGER_PASSWORD = 'Stranger pass 31';
const email = 'victim@example.be';

/**
 * A stranger re-registering a pending address never plants his password, whatever the victim does
 * next with her mailbox, and never kills the code she was mailed (docs/decisions/185).
 */
describe('re-registration of a pending address', () => {
  // t.client is the victim's browser: the one that registers her address.
  const t = useAccountsTest();

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

  /** The victim asks for a new code on the real resend endpoint and gets its mail. */
  async function resend(mailsSoFar: number) {
    t.clock.advance(61_000);
    expect((await t.client.post('/api/auth/resend-otp/', { email })).status).toBe(200);
    return (await waitForMails(t.server, email, mailsSoFar + 1))[mailsSoFar]!;
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
      const mail = await resend(mailsSoFar);
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
    const { uid, token } = linkFrom(await resend(mailsSoFar), 'activate');
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
