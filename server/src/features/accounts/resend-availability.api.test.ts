import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import { codeFrom, lastMail, registration, startAccountsTest, waitForMails, type Clock } from './accounts.test-support';

const MINUTE = 60 * 1000;
const OWNER = { 'X-Forwarded-For': '198.51.100.7' };
const strangerAt = (i: number) => ({ 'X-Forwarded-For': `203.0.113.${i}` });

/**
 * Resend stays available to the owner: a stranger who keeps asking for codes for
 * the owner's address, from one connection or many, delays the owner's next code by a minute at most
 * (docs/decisions/101). Behind a trusted proxy so the test can play several connections.
 */
describe('code resend stays available to the owner', () => {
  let server: TestServer, clock: Clock, owner: TestClient, stranger: TestClient;
  const email = 'owner@example.be';
  const resend = (client: TestClient, headers: Record<string, string>) =>
    client.post('/api/auth/resend-otp/', { email }, { headers });

  beforeEach(async () => {
    ({ server, clock, client: owner } = await startAccountsTest({ env: { TRUST_PROXY: 'true' } }));
    stranger = createTestClient(server.url);
    expect((await owner.post('/api/auth/register/', registration(email), { headers: OWNER })).status).toBe(201);
    await lastMail(server, email);
  });
  afterEach(() => server.close());

  it("a stranger's five resends an hour do not use up the owner's", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      clock.advance(10 * MINUTE + 1000);
      statuses.push((await resend(stranger, strangerAt(1))).status);
    }
    // The stranger's own connection is held to five an hour…
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await waitForMails(server, email, 6);
    // …and the owner still gets a code, which activates the account.
    expect((await resend(owner, OWNER)).status).toBe(200);
    const code = codeFrom(await lastMail(server, email, 7));
    expect((await owner.post('/api/auth/verify-otp/', { email, code }, { headers: OWNER })).status).toBe(200);
  });

  it('a stranger asking every minute from many connections holds the owner back ten minutes at most', async () => {
    let mailed = 0;
    for (let i = 0; i < 60; i++) {
      clock.advance(MINUTE + 1000);
      const res = await resend(stranger, strangerAt(i % 8));
      expect([200, 429]).toContain(res.status);
      if (res.status === 200) mailed += 1;
    }
    // The mailbox is not flooded: five codes in the first minutes, then one every ten minutes.
    expect(mailed).toBeGreaterThan(4);
    expect(mailed).toBeLessThanOrEqual(10);
    await waitForMails(server, email, 1 + mailed);

    let answer = await resend(owner, OWNER);
    if (answer.status === 429) {
      expect(answer.body.code).toBe('rate_limited');
      expect(answer.body.retry_after).toBeLessThanOrEqual(600);
      expect(answer.headers.get('retry-after')).toBe(String(answer.body.retry_after));
      clock.advance(answer.body.retry_after * 1000);
      answer = await resend(owner, OWNER);
    }
    expect(answer.status).toBe(200);
    const code = codeFrom(await lastMail(server, email, 2 + mailed));
    expect((await owner.post('/api/auth/verify-otp/', { email, code }, { headers: OWNER })).status).toBe(200);
  }, 60_000);
});
