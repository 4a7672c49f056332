import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../../test/fakes/outbox';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import {
  codeFrom,
  linkFrom,
  PASSWORD,
  registration,
  startAccountsTest,
  waitForMails,
  type Clock,
} from './accounts.test-support';

/**
 * Invariants: (i) whatever anyone else does, the only password that becomes active on a pending
 * address is one its mailbox holder typed (in the browser that registered it, or on the verify
 * screen with a mailed code or link); (ii) every code or link mailed to the address keeps working
 * until it is used or expires, whatever a stranger does meanwhile (wrong-code limits excepted).
 * Each row is an order of register, re-register, login and resend by the owner and a stranger; each
 * column a way the owner then proves her mailbox.
 */
const email = 'owner@example.be';
const STRANGER_PASSWORD = 'Stranger pass 31';

type Step =
  | 'owner registers'
  | 'stranger registers'
  | 'owner logs in'
  | 'stranger logs in'
  | 'owner resends'
  | 'stranger resends'
  | 'a minute passes';

const ORDERS: Step[][] = [
  ['owner registers'],
  ['owner registers', 'owner registers'],
  ['stranger registers', 'owner registers'],
  ['stranger registers', 'a minute passes', 'owner registers'],
  ['stranger registers', 'a minute passes', 'owner registers', 'a minute passes', 'stranger logs in'],
  ['stranger registers', 'a minute passes', 'owner registers', 'stranger registers'],
  ['owner registers', 'stranger registers'],
  ['owner registers', 'a minute passes', 'stranger registers'],
  ['owner registers', 'a minute passes', 'stranger resends'],
  ['owner registers', 'a minute passes', 'stranger logs in', 'a minute passes', 'owner logs in'],
  [
    'stranger registers',
    'owner registers',
    'a minute passes',
    'stranger logs in',
    'a minute passes',
    'stranger resends',
  ],
  [
    'owner registers',
    'a minute passes',
    'stranger registers',
    'a minute passes',
    'stranger logs in',
    'stranger registers',
  ],
];

/**
 * Which mail the owner uses (the first or last that reached her mailbox, or a new one she asks for),
 * how, and where: her registering browser, or another one (where she types her password).
 */
type Proof = { mail: 'first' | 'last' | 'new'; by: 'code' | 'link'; where: 'her browser' | 'elsewhere' };

const PROOFS: Proof[] = [
  { mail: 'first', by: 'code', where: 'her browser' },
  { mail: 'last', by: 'link', where: 'her browser' },
  { mail: 'new', by: 'code', where: 'her browser' },
  { mail: 'first', by: 'link', where: 'elsewhere' },
  { mail: 'last', by: 'code', where: 'elsewhere' },
];

const verificationMails = (server: TestServer): OutboxMail[] =>
  server.readOutbox().filter((m) => m.to.includes(email) && m.text.includes('/activate/'));

/** Mails go out in the background, after the answer: waits until the server says that work is done. */
const settle = (server: TestServer): Promise<void> => server.pendingMails();

describe('a pending address activates only the password its mailbox holder typed', () => {
  let server: TestServer, clock: Clock, owner: TestClient, stranger: TestClient;

  beforeEach(async () => {
    ({ server, clock, client: owner } = await startAccountsTest());
    stranger = createTestClient(server.url);
  });
  afterEach(() => server.close());

  const login = (password: string) =>
    createTestClient(server.url).post('/api/auth/login/', { username: email, password });

  async function run(step: Step): Promise<void> {
    const res = await (() => {
      switch (step) {
        case 'owner registers':
          return owner.post('/api/auth/register/', registration(email));
        case 'stranger registers':
          return stranger.post(
            '/api/auth/register/',
            registration(email, { password: STRANGER_PASSWORD, first_name: 'Mallory' }),
          );
        case 'owner logs in':
          return owner.post('/api/auth/login/', { username: email, password: PASSWORD });
        case 'stranger logs in':
          return stranger.post('/api/auth/login/', { username: email, password: STRANGER_PASSWORD });
        case 'owner resends':
          return owner.post('/api/auth/resend-otp/', { email });
        case 'stranger resends':
          return stranger.post('/api/auth/resend-otp/', { email });
        case 'a minute passes':
          clock.advance(61_000);
          return null;
      }
    })();
    if (res) expect([200, 201, 400, 429], JSON.stringify(res.body)).toContain(res.status);
    await settle(server);
  }

  /** The mail the owner uses: one already in her mailbox, or a new one she asks for now. */
  async function mailFor(proof: Proof): Promise<OutboxMail> {
    if (proof.mail === 'new') {
      const before = verificationMails(server).length;
      clock.advance(61_000);
      expect((await owner.post('/api/auth/resend-otp/', { email })).status).toBe(200);
      return (await waitForMails(server, email, before + 1)).filter((m) => m.text.includes('/activate/'))[before]!;
    }
    await waitForMails(server, email, 1);
    const mails = verificationMails(server);
    return (proof.mail === 'first' ? mails[0] : mails[mails.length - 1])!;
  }

  async function prove(proof: Proof, mail: OutboxMail) {
    const browser = proof.where === 'her browser' ? owner : createTestClient(server.url);
    const body =
      proof.by === 'code'
        ? { email, code: codeFrom(mail) }
        : (({ uid, token }) => ({ uid, token }))(linkFrom(mail, 'activate'));
    const path = proof.by === 'code' ? '/api/auth/verify-otp/' : '/api/auth/activate/';
    if (proof.where === 'elsewhere') {
      // Another browser does not know which registration the mail was for: the owner is asked for her password.
      const asked = await browser.post(path, body);
      expect(asked.status).toBe(400);
      expect(asked.body.code).toBe('password_required');
      return browser.post(path, { ...body, password: PASSWORD });
    }
    return browser.post(path, body);
  }

  for (const order of ORDERS) {
    for (const proof of PROOFS) {
      it(`${order.join(', ')}; then the ${proof.mail} mail's ${proof.by}, ${proof.where}`, async () => {
        for (const step of order) await run(step);
        const mail = await mailFor(proof);
        const proved = await prove(proof, mail);
        expect(proved.status, JSON.stringify(proved.body)).toBe(200);
        expect(proved.body.user.email).toBe(email);

        const his = await login(STRANGER_PASSWORD);
        expect(his.status).toBe(400);
        expect(his.body.code).toBe('invalid_credentials');
        expect((await login(PASSWORD)).status).toBe(200);
      });
    }
  }
});
