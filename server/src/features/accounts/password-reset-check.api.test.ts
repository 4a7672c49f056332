import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import { linkFrom, startAccountsTest, type Clock } from './accounts.test-support';

const INVALID = { code: 'reset_invalid', detail: 'Expired or invalid link. Please request again.' };

/** POST /api/auth/password-reset-check/: the reset page asks on load whether its link still works. */
describe('password reset link check', () => {
  let server: TestServer, clock: Clock, client: TestClient;

  beforeEach(async () => ({ server, clock, client } = await startAccountsTest({ registered: 'check@example.be' })));
  afterEach(() => server.close());

  async function requestLink() {
    const mails = () => server.readOutbox().filter((m) => m.text.includes('/reset-password/'));
    const before = mails().length;
    expect((await client.post('/api/auth/password-reset/', { email: 'check@example.be' })).status).toBe(200);
    const deadline = Date.now() + 5000;
    while (mails().length <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return linkFrom(mails()[before]!, 'reset-password');
  }

  const check = (uid: string, token: string) =>
    client.post('/api/auth/password-reset-check/', { uid, token }, { lang: 'en' });
  const confirm = (uid: string, token: string, new_password: string) =>
    client.post('/api/auth/password-reset-confirm/', { uid, token, new_password });

  it('says a fresh link is valid, spends nothing, and the link still sets the password', async () => {
    const link = await requestLink();
    for (let i = 0; i < 3; i++) {
      const res = await check(link.uid, link.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: true });
    }
    expect((await confirm(link.uid, link.token, 'Brand new pass 1')).status).toBe(200);
    // Once used, the check refuses it with the same answer as confirm.
    const used = await check(link.uid, link.token);
    expect(used.status).toBe(400);
    expect(used.body).toEqual(INVALID);
    expect(
      (
        await createTestClient(server.url).post('/api/auth/login/', {
          username: 'check@example.be',
          password: 'Brand new pass 1',
        })
      ).status,
    ).toBe(200);
  });

  it('refuses an expired link and a tampered one (token or uid), in the request language', async () => {
    const link = await requestLink();
    const [ts, sig] = link.token.split('-') as [string, string];
    const tamperedSig = `${ts}-${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const bumped = `${(parseInt(ts, 36) + 100).toString(36)}-${sig}`;
    const otherUid = Buffer.from('2').toString('base64url');
    for (const [uid, token] of [
      [link.uid, tamperedSig],
      [link.uid, bumped],
      [otherUid, link.token],
      ['%%%', link.token],
    ] as const) {
      const res = await check(uid, token);
      expect(res.status, `${uid}/${token}`).toBe(400);
      expect(res.body).toEqual(INVALID);
    }
    const fr = await client.post('/api/auth/password-reset-check/', { uid: link.uid, token: tamperedSig });
    expect(fr.body.detail).toBe('Lien expiré ou invalide. Veuillez refaire la demande.');

    clock.advance(60 * 60 * 1000 + 1000);
    const late = await check(link.uid, link.token);
    expect(late.status).toBe(400);
    expect(late.body).toEqual(INVALID);
  });

  it('validates its payload and requires the CSRF header', async () => {
    const missing = await check('', '');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation');
    const link = await requestLink();
    const forged = await client.post(
      '/api/auth/password-reset-check/',
      { uid: link.uid, token: link.token },
      { csrf: false },
    );
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('csrf_failed');
  });
});
