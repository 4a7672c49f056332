import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import {
  codeFrom,
  PASSWORD,
  registration,
  SESSION_COOKIE,
  startAccountsTest,
  waitForMails,
  type Clock,
} from './accounts.test-support';

const ATTACKER_PASSWORD = 'Attacker pass 55';

/**
 * Registering an address then signing in with the password just sent must not tell
 * an unknown address (now pending) from an existing account (docs/decisions/126).
 */
describe('register then login', () => {
  let server: TestServer, clock: Clock, attacker: TestClient;

  beforeEach(
    async () => ({ server, clock, client: attacker } = await startAccountsTest({ registered: 'owner@example.be' })),
  );
  afterEach(() => server.close());

  /** What the attacker sees of a registration followed by a login with his password. */
  async function probe(email: string) {
    const registered = await attacker.post('/api/auth/register/', registration(email, { password: ATTACKER_PASSWORD }));
    expect(registered.status).toBe(201);
    const res = await attacker.post('/api/auth/login/', { username: email, password: ATTACKER_PASSWORD });
    return {
      status: res.status,
      body: res.body,
      cookie: res.headers.get('set-cookie'),
      retryAfter: res.headers.get('retry-after'),
      type: res.headers.get('content-type'),
    };
  }

  it('an unknown address and an existing account give the attacker identical answers', async () => {
    const unknown = await probe('nobody@example.be');
    const existing = await probe('owner@example.be');
    expect(unknown).toEqual(existing);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('invalid_credentials');
    expect(attacker.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('repeated tries on both stay identical (the right password of a pending account counts as a failure)', async () => {
    const answers: { unknown: number[]; existing: number[] } = { unknown: [], existing: [] };
    await attacker.post('/api/auth/register/', registration('nobody@example.be', { password: ATTACKER_PASSWORD }));
    for (let i = 0; i < 11; i++) {
      for (const [kind, email] of [
        ['unknown', 'nobody@example.be'],
        ['existing', 'owner@example.be'],
      ] as const) {
        const res = await attacker.post('/api/auth/login/', { username: email, password: ATTACKER_PASSWORD });
        answers[kind].push(res.status);
      }
    }
    expect(answers.unknown).toEqual(answers.existing);
    expect(answers.unknown.at(-1)).toBe(429);
  });

  it('the genuine pending owner signing in with her password is mailed a fresh code that verifies her', async () => {
    const email = 'pending@example.be';
    const owner = createTestClient(server.url);
    await owner.post('/api/auth/register/', registration(email));
    await waitForMails(server, email, 1);
    clock.advance(61_000);
    const res = await owner.post('/api/auth/login/', { username: email, password: PASSWORD });
    expect(res.body.code).toBe('invalid_credentials');
    const mail = (await waitForMails(server, email, 2))[1]!;
    expect(mail.text).toContain('Quelqu’un vient de se connecter avec le bon mot de passe');
    expect((await owner.post('/api/auth/verify-otp/', { email, code: codeFrom(mail) })).status).toBe(200);
    // Her earlier failed try no longer counts once the mailbox is proven.
    const again = await createTestClient(server.url).post('/api/auth/login/', { username: email, password: PASSWORD });
    expect(again.status).toBe(200);
  });

  it('a wrong password on a pending account mails nothing', async () => {
    const email = 'quiet@example.be';
    await attacker.post('/api/auth/register/', registration(email));
    await waitForMails(server, email, 1);
    clock.advance(61_000);
    await attacker.post('/api/auth/login/', { username: email, password: 'Not the password 1' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.readOutbox().filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});
