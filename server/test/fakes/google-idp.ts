/**
 * Google's side of Sign-In on loopback, for the server's API tests and the e2e journeys alike (ADR
 * 146; not a test file itself): a JWKS endpoint (as https://www.googleapis.com/oauth2/v3/certs) with a
 * local RSA key, read by the server through GOOGLE_JWKS_URL, and RS256 ID tokens signed with that key.
 * Only node: built-ins, so that the e2e workspace can import it without the server's dependencies.
 */
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleUser {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
}

export interface FakeGoogleIdp {
  clientId: string;
  /** GOOGLE_JWKS_URL for the server under test: a JWKS endpoint on loopback. */
  jwksUrl: string;
  /** An RS256 ID token for `user`, signed with the key the JWKS endpoint publishes. */
  idToken(user: GoogleUser): string;
  close(): Promise<void>;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export async function startFakeGoogleIdp(
  clientId = 'test-client-id.apps.googleusercontent.com',
): Promise<FakeGoogleIdp> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...(publicKey as KeyObject).export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const server = createServer((req, res) => {
    if (req.url !== '/oauth2/v3/certs') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    clientId,
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    idToken(user) {
      const now = Math.floor(Date.now() / 1000);
      const header = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
      // Issued a few seconds back, as a token that travelled from Google would be.
      const claims = { iss: 'https://accounts.google.com', aud: clientId, azp: clientId, email_verified: true };
      const payload = b64url(JSON.stringify({ ...claims, iat: now - 5, exp: now + 3600, ...user }));
      const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey);
      return `${header}.${payload}.${b64url(signature)}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
