import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedAccount } from '../../test/helpers/accounts';
import { createClock } from '../../test/helpers/clock';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { createTestClient, type TestClient, type TestResponse } from '../../test/helpers/test-client';
import { staffCli } from '../features/admin/admin.test-support';
import { accountOn, readEvents } from '../../test/helpers/pro-account';
import { getDemoCatalogue } from './catalogue';
import { demoDay } from './demo-prices';

// The demo clock moves the demo prices only (ADR 122). Before, it was the whole server's clock: a
// loop of calls reset login delays and mail pacing, ended every session (17 days) and restarted the
// Pro allowance (31 days). Here the real clock stands still while staff move the demo day 31 times,
// and every one of those controls answers over HTTP exactly as before the jump.

const DAYS = 31;
const sold = getDemoCatalogue().filter((p) => !p.prescription && Object.keys(p.offers).length > 0);
const cnks = sold.slice(0, 3).map((p) => p.cnk!);

describe('moving the demo day leaves the real-clock controls alone', () => {
  const clock = createClock(Date.parse('2026-06-10T10:00:00Z'));
  let server: TestServer;
  let staff: TestClient;
  let pro: TestClient;
  let bob: TestClient;
  const login = (client: TestClient, password: string) =>
    client.post('/api/auth/login/', { username: 'bob@example.be', password });
  const resend = () => createTestClient(server.url).post('/api/auth/resend-otp/', { email: 'carol@example.be' });
  const mailsToCarol = () => server.readOutbox().filter((m) => m.to.includes('carol@example.be')).length;
  const search = (client: TestClient) => client.get(`/api/search/?q=${cnks[0]}`);
  const refusal = (res: TestResponse) => ({ status: res.status, code: res.body?.code as unknown });

  beforeAll(async () => {
    server = await startTestServer(
      { DEMO_CONTROLS: 'true', ALERTS_CHECK_INTERVAL_MIN: '0', SEARCH_RATE_LIMIT_PER_MIN: '2' },
      { now: clock.now },
    );
    staff = (await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, 'boss@example.be')).client;
    await staffCli(server, 'boss@example.be');
    bob = (await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, 'bob@example.be')).client;
    pro = await accountOn(server, 'pro@example.be', true);
  }, 120_000);
  afterAll(() => server?.close());

  it(`after ${DAYS} demo days: login delays, search limits, code pacing, sessions and the Pro allowance are unchanged`, async () => {
    // Login delays: a guesser's connection is made to wait, even with the right password.
    const guesser = createTestClient(server.url);
    let delayed: TestResponse | undefined;
    for (let i = 0; i < 15 && !delayed; i++) {
      const res = await login(guesser, `wrong guess ${i}`);
      if (res.status === 429) delayed = res;
    }
    expect(delayed, 'no login delay after 15 wrong passwords').toBeDefined();
    const delayedBefore = await login(guesser, 'Correct horse 42');
    expect(delayedBefore.status).toBe(429);

    // Verification-code pacing: a pending registration's code was just mailed, a resend waits.
    const registered = await createTestClient(server.url).post('/api/auth/register/', {
      email: 'carol@example.be',
      password: 'Correct horse 42',
      first_name: 'Carol',
      last_name: 'Peeters',
      is_pharmacist: false,
      accept_terms: true,
    });
    expect(registered.status).toBe(201);
    await expect.poll(mailsToCarol).toBe(1);
    const pacedBefore = await resend();
    expect(pacedBefore.status).toBe(429);

    // Search rate limit (2 a minute here).
    const searcher = createTestClient(server.url);
    expect((await search(searcher)).status).toBe(200);
    expect((await search(searcher)).status).toBe(200);
    expect((await search(searcher)).status).toBe(429);

    // The Pro allowance: 3 of this month's 2,000 used.
    const priced = await pro.post('/api/pro/prices/', { cnks }, { headers: { Accept: 'text/event-stream' } });
    expect(readEvents(priced.text).at(-1)).toMatchObject({ event: 'done', data: { used: 3 } });
    const usageBefore = (await pro.get('/api/pro/usage/')).body;
    expect(usageBefore).toMatchObject({ used: 3, quota: 2000 });

    const startDay = demoDay(clock.now());
    for (let i = 1; i <= DAYS; i++) {
      const moved = await staff.post('/__demo/clock/next-day');
      expect(moved.status).toBe(200);
      expect(moved.body.day).toBe(startDay + i);
    }

    expect(refusal(await login(guesser, 'Correct horse 42'))).toEqual(refusal(delayedBefore));
    expect(refusal(await resend())).toEqual(refusal(pacedBefore));
    expect(mailsToCarol()).toBe(1);
    expect((await search(searcher)).status).toBe(429);
    for (const [client, email] of [
      [staff, 'boss@example.be'],
      [bob, 'bob@example.be'],
      [pro, 'pro@example.be'],
    ] as const) {
      const me = await client.get('/api/auth/me/');
      expect(me.status, email).toBe(200);
      expect(me.body.user.email).toBe(email);
    }
    expect((await pro.get('/api/auth/me/')).body.user.search_used).toBe(3);
    expect((await pro.get('/api/pro/usage/')).body).toEqual(usageBefore);
  });
});
