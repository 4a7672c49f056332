import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient, type TestResponse } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import { lastMail, linkFrom, PASSWORD, registerAndVerify, startAccountsTest } from './accounts.test-support';

const DEVICE_COOKIE = 'pe_device';
/** The shop's wifi: the owner and a stranger share its address (behind the trusted proxy). */
const SHOP = { 'X-Forwarded-For': '198.51.100.20' };

/**
 * Known devices (OWASP device cookies, docs/decisions/100): strangers guessing from the owner's own
 * connection never keep the owner's browser out, while they stay throttled, and a throttled
 * stranger's answer is the same whether or not the password was right (no oracle).
 */
describe('login from a known device', () => {
  let server: TestServer;
  let owner: TestClient;

  beforeEach(async () => {
    ({ server } = await startAccountsTest({ env: { TRUST_PROXY: 'true' } }));
    owner = createTestClient(server.url);
    await registerAndVerify(server, owner, 'owner@example.be');
  });
  afterEach(() => server.close());

  const login = (client: TestClient, password: string, email = 'owner@example.be', headers = SHOP) =>
    client.post('/api/auth/login/', { username: email, password }, { headers });
  const guess = async (client: TestClient, times: number, email = 'owner@example.be') => {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push((await login(client, `wrong guess ${i}`, email)).status);
    return statuses;
  };
  /** What a client sees of a refusal, minus the date. */
  const seen = (res: TestResponse) => ({
    status: res.status,
    text: res.text,
    // Date and the request id differ between any two responses, whatever the account.
    headers: [...res.headers.entries()].filter(([name]) => name !== 'date' && name !== 'x-request-id'),
  });

  it('a sign-in leaves an HttpOnly, SameSite=Strict device cookie that outlives the session', async () => {
    const browser = createTestClient(server.url);
    const res = await login(browser, PASSWORD);
    expect(res.status).toBe(200);
    const line = res.setCookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`)) ?? '';
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    expect(line).toMatch(/; Path=\//i);
    expect(Number(/Max-Age=(\d+)/i.exec(line)?.[1])).toBe(180 * 24 * 3600);
    // The value names no account.
    expect(line).not.toMatch(/owner|example/i);
    expect((await browser.post('/api/auth/logout/')).status).toBe(200);
    expect(browser.cookies.has(DEVICE_COOKIE)).toBe(true);
  });

  it('the owner gets in from the address a stranger guessed from; the stranger stays throttled', async () => {
    expect(owner.cookies.get(DEVICE_COOKIE)).toBeTruthy();
    const stranger = createTestClient(server.url);
    expect(await guess(stranger, 11)).toEqual([...Array(10).fill(400), 429]);

    const res = await login(owner, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('owner@example.be');

    // The stranger, from the same address, is still refused, with or without the right password,
    // and both refusals look exactly alike.
    const wrong = await login(stranger, 'another guess');
    const right = await login(stranger, PASSWORD);
    expect(wrong.status).toBe(429);
    expect(seen(right)).toEqual(seen(wrong));
    expect(stranger.cookies.has(DEVICE_COOKIE)).toBe(false);
  });

  it('the owner gets in even after the address spent its 50 attempts on many accounts', async () => {
    const stranger = createTestClient(server.url);
    for (let i = 0; i < 50; i++) await login(stranger, 'x', `victim${i}@example.be`);
    expect((await login(stranger, 'x', 'victim50@example.be')).status).toBe(429);
    expect((await login(createTestClient(server.url), PASSWORD)).status).toBe(429);
    expect((await login(owner, PASSWORD)).status).toBe(200);
  }, 60_000);

  it("a device cookie of the stranger's own account buys nothing on the owner's", async () => {
    const stranger = createTestClient(server.url);
    await registerAndVerify(server, stranger, 'stranger@example.be');
    expect(stranger.cookies.get(DEVICE_COOKIE)).toBeTruthy();
    expect(await guess(stranger, 11)).toEqual([...Array(10).fill(400), 429]);
    expect((await login(stranger, PASSWORD)).status).toBe(429);
  });

  it('a tampered cookie counts as no cookie', async () => {
    const stranger = createTestClient(server.url);
    await guess(stranger, 10);
    const value = owner.cookies.get(DEVICE_COOKIE) as string;
    const forged = createTestClient(server.url);
    forged.cookies.set(DEVICE_COOKIE, `${value.slice(0, -1)}${value.endsWith('0') ? '1' : '0'}`);
    expect((await login(forged, PASSWORD)).status).toBe(429);
  });

  it("a known device has its own delays, which do not touch the account's other requesters", async () => {
    const statuses = await guess(owner, 11);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect((await login(owner, PASSWORD)).status).toBe(429);
    // The device's failures added nothing to the shop address's count: a fresh browser there gets in.
    expect((await login(createTestClient(server.url), PASSWORD)).status).toBe(200);
  });

  it("a completed reset clears every counter of the account, the account's own pressure included", async () => {
    const spread = createTestClient(server.url);
    for (let i = 0; i < 21; i++) {
      expect(
        (await login(spread, `guess ${i}`, 'owner@example.be', { 'X-Forwarded-For': `192.0.2.${i}` })).status,
      ).toBe(400);
    }
    const from20 = { 'X-Forwarded-For': '192.0.2.20' };
    expect((await login(spread, 'again', 'owner@example.be', from20)).status).toBe(429);
    await guess(owner, 10);
    expect((await login(owner, PASSWORD)).status).toBe(429);

    expect(
      (await createTestClient(server.url).post('/api/auth/password-reset/', { email: 'owner@example.be' })).status,
    ).toBe(200);
    const { uid, token } = linkFrom(await lastMail(server, 'owner@example.be', 2), 'reset-password');
    const confirmed = await createTestClient(server.url).post('/api/auth/password-reset-confirm/', {
      uid,
      token,
      new_password: 'Fresh start pass 5',
    });
    expect(confirmed.status).toBe(200);
    // Neither the failing address, nor the failing device, nor the account's total is remembered.
    expect((await login(spread, 'again', 'owner@example.be', from20)).status).toBe(400);
    expect((await login(owner, 'Fresh start pass 5')).status).toBe(200);
    const fresh = await login(spread, 'once more', 'owner@example.be', { 'X-Forwarded-For': '192.0.2.77' });
    expect(fresh.status).toBe(400);
    expect((await login(spread, 'twice more', 'owner@example.be', { 'X-Forwarded-For': '192.0.2.77' })).status).toBe(
      400,
    );
  }, 60_000);
});
