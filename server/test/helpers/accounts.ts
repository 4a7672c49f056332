/**
 * Creates a verified account through the public API (register, read the mailed code from the
 * outbox, verify), for tests and tools outside the accounts feature (restore test, load test).
 */
import { readOutboxDir } from '../fakes/outbox';
import { createTestClient, type TestClient } from './test-client';

export interface VerifiedAccount {
  email: string;
  password: string;
  /** Logged in as the new account (session and CSRF cookies in its jar). */
  client: TestClient;
}

export async function registerVerifiedAccount(
  baseUrl: string,
  outboxDir: string,
  email: string,
  password = 'Correct horse 42',
): Promise<VerifiedAccount> {
  const client = createTestClient(baseUrl);
  const mailsTo = () => readOutboxDir(outboxDir).filter((m) => m.to.includes(email));
  const before = mailsTo().length;
  const registered = await client.post('/api/auth/register/', {
    email,
    password,
    first_name: 'Anne',
    last_name: 'Peeters',
    is_pharmacist: false,
    accept_terms: true,
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const deadline = Date.now() + 10_000;
  while (mailsTo().length <= before) {
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const code = /\b(\d{6})\b/.exec(mailsTo()[before]!.text)?.[1];
  if (!code) throw new Error('no code in the verification mail');
  const verified = await client.post('/api/auth/verify-otp/', { email, code });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${verified.text}`);
  return { email, password, client };
}
