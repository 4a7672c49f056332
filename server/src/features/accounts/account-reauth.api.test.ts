import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { createClock, PASSWORD, SESSION_COOKIE } from './accounts.test-support';
import { startFakeGoogleIdp, type FakeGoogleIdp } from '../../../test/fakes/google-idp';

const MINUTE = 60 * 1000;
const jan = { sub: 'google-sub-jan', email: 'jan.peeters@gmail.com', given_name: 'Jan', family_name: 'Peeters' };
const deletion = { email_confirmation: jan.email, acknowledge: true };

/** A Google-only account (no password) re-authenticates by signing in with Google again (docs/security.md#sessions). */
describe('deleting a Google-only account', () => {
  let idp: FakeGoogleIdp;
  let server: TestServer;
  let clock: ReturnType<typeof createClock>;
  let client: TestClient;

  beforeAll(async () => {
    idp = await startFakeGoogleIdp();
  });
  afterAll(() => idp.close());

  beforeEach(async () => {
    clock = createClock();
    server = await startTestServer(
      { GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_JWKS_URL: idp.jwksUrl },
      { now: clock.now },
    );
    client = createTestClient(server.url);
    const res = await client.post('/api/auth/google/verify/', {
      id_token: idp.idToken(jan),
      is_pharmacist: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.has_password).toBe(false);
  });
  afterEach(() => server.close());

  const accounts = () => server.db.prepare('SELECT count(*) AS n FROM users WHERE closed_at IS NULL').get();

  it('is allowed within 10 minutes of the Google sign-in, without a password', async () => {
    clock.advance(9 * MINUTE);
    const res = await client.post('/api/account/delete/', deletion, { lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Your account has been deleted.' });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(accounts()).toEqual({ n: 0 });
  });

  it.each([
    ['fr', 'Pour confirmer, reconnectez-vous avec Google, puis réessayez.'],
    ['en', 'To confirm, sign in again with Google, then try again.'],
    ['nl', 'Meld u ter bevestiging opnieuw aan met Google en probeer het daarna opnieuw.'],
  ])(
    'asks for a new Google sign-in after 10 minutes (403 reauth_required, %s), deleting nothing',
    async (lang, detail) => {
      clock.advance(10 * MINUTE + 1000);
      const res = await client.post('/api/account/delete/', deletion, { lang });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'reauth_required', detail });
      expect(accounts()).toEqual({ n: 1 });
      expect((await client.get('/api/auth/me/')).body.user.email).toBe(jan.email);
    },
  );

  it('a password sent for a Google-only account does not replace the fresh sign-in', async () => {
    clock.advance(11 * MINUTE);
    const res = await client.post('/api/account/delete/', { ...deletion, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('reauth_required');
  });

  it('signing in with Google again makes the deletion possible', async () => {
    clock.advance(30 * MINUTE);
    expect((await client.post('/api/account/delete/', deletion)).status).toBe(403);
    const again = await client.post('/api/auth/google/verify/', { id_token: idp.idToken(jan) });
    expect(again.status).toBe(200);
    expect(again.body.user.email).toBe(jan.email);
    const res = await client.post('/api/account/delete/', deletion);
    expect(res.status).toBe(200);
    expect(accounts()).toEqual({ n: 0 });
  });
});
