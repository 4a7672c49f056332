import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWTPayload, type CryptoKey } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { PASSWORD, registration, registerAndVerify, SESSION_COOKIE, waitForMails } from './accounts.test-support';

const CLIENT_ID = 'test-client-id.apps.googleusercontent.com';
const KID = 'test-key-1';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A local stand-in for Google's JWKS endpoint, on loopback. */
let jwksServer: Server;
let jwksUrl: string;
let jwksRequests = 0;
let privateKey: CryptoKey;
let publicPem: string;
let otherPrivateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicPem = await exportSPKI(pair.publicKey);
  otherPrivateKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    jwksRequests += 1;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/oauth2/v3/certs`;
});
afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

const nowS = () => Math.floor(Date.now() / 1000);

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: '1098765432101234567890',
    email: 'jan.janssens@gmail.com',
    email_verified: true,
    given_name: 'Jan',
    family_name: 'Janssens',
    iat: nowS() - 10,
    exp: nowS() + 3590,
    ...overrides,
  };
}

function sign(payload: JWTPayload, options: { kid?: string; key?: CryptoKey } = {}): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
    .sign(options.key ?? privateKey);
}

describe('POST /api/auth/google/verify/', () => {
  let server: TestServer;
  let client: TestClient;

  beforeEach(async () => {
    server = await startTestServer({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl });
    client = createTestClient(server.url);
  });
  afterEach(() => server.close());

  const verify = (idToken: string, extra: Record<string, unknown> = {}, lang?: string) =>
    client.post('/api/auth/google/verify/', { id_token: idToken, ...extra }, { lang });

  it('exposes the client id through GET /api/auth/config/', async () => {
    expect((await client.get('/api/auth/config/')).body).toEqual({ googleClientId: CLIENT_ID });
  });

  it('creates the account on first sign-in with is_pharmacist null, on a new session', async () => {
    client.cookies.set(SESSION_COOKIE, 'P'.repeat(43));
    const res = await verify(await sign(claims()));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: 'jan.janssens@gmail.com',
      first_name: 'Jan',
      last_name: 'Janssens',
      is_pharmacist: null,
    });
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe('P'.repeat(43));
    expect((await client.get('/api/auth/me/')).body.user.email).toBe('jan.janssens@gmail.com');
    expect(server.db.prepare('SELECT issuer, subject FROM user_identities').all()).toEqual([
      { issuer: 'https://accounts.google.com', subject: '1098765432101234567890' },
    ]);
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('keys users by sub: a changed e-mail still reaches the same account; is_pharmacist is saved once', async () => {
    const first = await verify(await sign(claims()), { is_pharmacist: true });
    expect(first.body.user.is_pharmacist).toBe(true);
    const again = await createTestClient(server.url).post('/api/auth/google/verify/', {
      id_token: await sign(claims({ email: 'new.address@gmail.com', iss: 'accounts.google.com' })),
      is_pharmacist: false,
    });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(again.body.user.is_pharmacist).toBe(true);
  });

  it('links a verified Gmail address to its existing password account', async () => {
    const owner = await registerAndVerify(server, createTestClient(server.url), 'jan.janssens@gmail.com');
    const res = await verify(await sign(claims()));
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(owner.id);
    expect(
      (
        await createTestClient(server.url).post('/api/auth/login/', {
          username: 'jan.janssens@gmail.com',
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it('links a pending (unverified) registration but drops its unproven password', async () => {
    await createTestClient(server.url).post('/api/auth/register/', registration('jan.janssens@gmail.com'));
    await waitForMails(server, 'jan.janssens@gmail.com');
    expect((await verify(await sign(claims()))).status).toBe(200);
    const login = await createTestClient(server.url).post('/api/auth/login/', {
      username: 'jan.janssens@gmail.com',
      password: PASSWORD,
    });
    expect(login.body.code).toBe('invalid_credentials');
  });

  it('does not link to an existing account when Google is not authoritative for the address', async () => {
    await registerAndVerify(server, createTestClient(server.url), 'jan@pharmacie-exemple.be');
    const res = await verify(await sign(claims({ email: 'jan@pharmacie-exemple.be' })));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('google_failed');
    const workspace = await verify(
      await sign(claims({ email: 'jan@pharmacie-exemple.be', hd: 'pharmacie-exemple.be' })),
    );
    expect(workspace.status).toBe(200);
  });

  it('email_verified=false never links to an existing account nor creates one', async () => {
    await registerAndVerify(server, createTestClient(server.url), 'jan.janssens@gmail.com');
    const res = await verify(await sign(claims({ email_verified: false })));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('google_failed');
    expect(
      (await verify(await sign(claims({ email: 'fresh@gmail.com', email_verified: false, sub: '42' })))).status,
    ).toBe(400);
    expect(server.db.prepare('SELECT count(*) AS n FROM user_identities').get()).toEqual({ n: 0 });
  });

  describe('refuses every invalid token with google_failed', () => {
    const cases: Array<[string, () => Promise<string>]> = [
      ['wrong audience', () => sign(claims({ aud: 'someone-else.apps.googleusercontent.com' }))],
      ['wrong issuer', () => sign(claims({ iss: 'https://evil.example' }))],
      ['expired beyond the tolerance', () => sign(claims({ iat: nowS() - 3700, exp: nowS() - 61 }))],
      ['issued in the future', () => sign(claims({ iat: nowS() + 301, exp: nowS() + 3900 }))],
      ['older than one hour', () => sign(claims({ iat: nowS() - 7300, exp: nowS() + 3600 }))],
      ['unknown kid', () => sign(claims(), { kid: 'other-key' })],
      ['signed by another key under our kid', () => sign(claims(), { key: otherPrivateKey })],
      ['alg none', async () => `${b64({ alg: 'none', kid: KID, typ: 'JWT' })}.${b64(claims())}.`],
      [
        'HS256 with the public key as secret',
        async () => {
          const input = `${b64({ alg: 'HS256', kid: KID, typ: 'JWT' })}.${b64(claims())}`;
          return `${input}.${createHmac('sha256', publicPem).update(input).digest('base64url')}`;
        },
      ],
      [
        'a flipped payload byte',
        async () => {
          const [h, p, s] = (await sign(claims())).split('.') as [string, string, string];
          const json = Buffer.from(p, 'base64url').toString().replace('"Jan"', '"Jam"');
          return `${h}.${Buffer.from(json).toString('base64url')}.${s}`;
        },
      ],
      ['no sub', () => sign(claims({ sub: undefined }))],
      ['garbage', async () => 'not-a-jwt'],
    ];
    it.each(cases)('%s', async (_name, make) => {
      const res = await verify(await make(), {}, 'en');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'google_failed', detail: 'Google sign-in failed.' });
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(server.db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
    });
  });

  it('answers in French by default', async () => {
    expect((await verify('not-a-jwt')).body.detail).toBe('La connexion avec Google a échoué.');
  });
});

describe('Google sign-in switched off (no GOOGLE_CLIENT_ID)', () => {
  it('hides it in /auth/config/ and answers 404 google_disabled', async () => {
    const server = await startTestServer({ GOOGLE_JWKS_URL: jwksUrl });
    try {
      const client = createTestClient(server.url);
      expect((await client.get('/api/auth/config/')).body).toEqual({ googleClientId: null });
      const res = await client.post('/api/auth/google/verify/', { id_token: await sign(claims()) });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('google_disabled');
    } finally {
      await server.close();
    }
  });
});
