import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { startFakeGoogleIdp, type FakeGoogleIdp } from '../../../test/fakes/google-idp';

/**
 * Per-connection limits of the account routes (docs/security.md#rate-limits-errors-and-logging,
 * docs/architecture.md#accounts-and-security): past the allowance the answer is 429 `rate_limited` with Retry-After
 * and RateLimit headers, whatever account is named and whatever X-Forwarded-For the client invents (no trusted proxy
 * here: the socket address counts).
 */
interface Case {
  path: string;
  max: number;
  /** The answer every request within the allowance gets (the route really runs). */
  within: number;
  body: (i: number) => Record<string, unknown>;
}

const CASES: Case[] = [
  { path: '/api/auth/verify-otp/', max: 30, within: 400, body: (i) => ({ email: `v${i}@example.be`, code: '123456' }) },
  { path: '/api/auth/resend-otp/', max: 20, within: 200, body: (i) => ({ email: `r${i}@example.be` }) },
  { path: '/api/auth/activate/', max: 30, within: 400, body: (i) => ({ uid: 'MQ', token: `mz8n1c-${i}ab` }) },
  { path: '/api/auth/password-reset/', max: 10, within: 200, body: (i) => ({ email: `p${i}@example.be` }) },
  {
    path: '/api/auth/password-reset-confirm/',
    max: 20,
    within: 400,
    body: (i) => ({ uid: 'MQ', token: `mz8n1c-${i}ab`, new_password: 'Brand new pass 1' }),
  },
  {
    path: '/api/auth/password-reset-check/',
    max: 30,
    within: 400,
    body: (i) => ({ uid: 'MQ', token: `mz8n1c-${i}ab` }),
  },
  { path: '/api/auth/google/verify/', max: 30, within: 400, body: (i) => ({ id_token: `not-a-jwt-${i}` }) },
];

describe('per-connection rate limits of the account routes', () => {
  let idp: FakeGoogleIdp;
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    idp = await startFakeGoogleIdp();
    server = await startTestServer({ GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_JWKS_URL: idp.jwksUrl });
    client = createTestClient(server.url);
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  it.each(CASES)('$path answers 429 with Retry-After after $max requests', async ({ path, max, within, body }) => {
    for (let i = 0; i < max; i++) {
      const res = await client.post(path, body(i), { headers: { 'X-Forwarded-For': `10.1.0.${i}` } });
      expect(res.status, `${path} request ${i + 1}`).toBe(within);
    }
    const refused = await client.post(path, body(max), { headers: { 'X-Forwarded-For': '10.2.0.1' }, lang: 'en' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(typeof refused.body.detail).toBe('string');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-limit')).toBe(String(max));
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  });
});
