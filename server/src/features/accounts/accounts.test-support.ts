/** Helpers shared by the account API tests (not a test file itself). */
import { afterEach, beforeEach, expect } from 'vitest';
import type { OutboxMail } from '../../../test/fakes/outbox';
import { createClock, type Clock } from '../../../test/helpers/clock';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

export const PASSWORD = 'Correct horse 42';

export { createClock, type Clock };

export interface AccountsTest {
  server: TestServer;
  clock: Clock;
  /** A fresh client (not the one that registered `registered`). */
  client: TestClient;
}

/**
 * The usual start of an account API test: a real server on a controllable clock (a new one unless
 * given), a fresh client and, when `registered` is set, that account registered and verified first.
 */
export async function startAccountsTest(
  options: { env?: Record<string, string>; clock?: Clock; registered?: string } = {},
): Promise<AccountsTest> {
  const clock = options.clock ?? createClock();
  const server = await startTestServer(options.env ?? {}, { now: clock.now });
  if (options.registered) await registerAndVerify(server, createTestClient(server.url), options.registered);
  return { server, clock, client: createTestClient(server.url) };
}

/**
 * The hooks most account API test suites start with: a fresh `startAccountsTest(options)` before
 * each test, its server closed after it. The answer reads the running test's server, clock and
 * client, so read it inside a test or hook, never while the suite is collected.
 */
export function useAccountsTest(options: Parameters<typeof startAccountsTest>[0] = {}): AccountsTest {
  let current: AccountsTest | undefined;
  beforeEach(async () => {
    current = await startAccountsTest(options);
  });
  afterEach(async () => {
    await current?.server.close();
    current = undefined;
  });
  const running = () => {
    if (!current) throw new Error('no account test is running: read it inside a test or hook');
    return current;
  };
  return {
    get server() {
      return running().server;
    },
    get clock() {
      return running().clock;
    },
    get client() {
      return running().client;
    },
  };
}

/** Mails are sent in the background: poll the outbox until `count` mails to `to` exist. */
export async function waitForMails(server: TestServer, to: string, count = 1, timeoutMs = 5000): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = server.readOutbox().filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}, found ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function lastMail(server: TestServer, to: string, count = 1): Promise<OutboxMail> {
  const mails = await waitForMails(server, to, count);
  return mails[mails.length - 1] as OutboxMail;
}

export function codeFrom(mail: OutboxMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail: ${mail.subject}`);
  return match[1] as string;
}

/** A six-digit code that is not `code` (the next one, wrapping at 999999). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** `{uid, token, lang}` of the first /activate/ or /reset-password/ link in a mail. */
export function linkFrom(mail: OutboxMail, kind: 'activate' | 'reset-password') {
  const match = new RegExp(`https?://[^\\s]+/(fr|en|nl)/${kind}/([A-Za-z0-9_-]+)/([0-9a-z]+-[0-9a-f]+)`).exec(
    mail.text,
  );
  if (!match) throw new Error(`no ${kind} link in mail: ${mail.subject}`);
  return { url: match[0], lang: match[1] as string, uid: match[2] as string, token: match[3] as string };
}

export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    first_name: 'Anne',
    last_name: 'Peeters',
    is_pharmacist: true,
    accept_terms: true,
    ...overrides,
  };
}

/** Registers and verifies with the mailed code: the client ends up logged in. */
export async function registerAndVerify(
  server: TestServer,
  client: TestClient,
  email: string,
  overrides: Record<string, unknown> = {},
) {
  const codeMails = () => server.readOutbox().filter((m) => m.to.includes(email) && m.text.includes('/activate/'));
  const before = codeMails().length;
  const res = await client.post('/api/auth/register/', registration(email, overrides));
  expect(res.status).toBe(201);
  const deadline = Date.now() + 5000;
  while (codeMails().length <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const mail = codeMails()[before];
  if (!mail) throw new Error(`no verification mail to ${email}`);
  const verified = await client.post('/api/auth/verify-otp/', { email, code: codeFrom(mail) });
  expect(verified.status).toBe(200);
  return verified.body.user as { id: number; email: string };
}

/** Session cookie name on the plain-http test server. */
export const SESSION_COOKIE = 'pe_session';
