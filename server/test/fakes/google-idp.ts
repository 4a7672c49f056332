/** A local stand-in for Google's side of Sign-In, for API tests (not a test file itself). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export interface FakeGoogleIdp {
  clientId: string;
  /** GOOGLE_JWKS_URL for the server under test: a JWKS endpoint on loopback. */
  jwksUrl: string;
  /** An RS256 ID token for `user`, signed with the key the JWKS endpoint publishes. */
  idToken(user: { sub: string; email: string; given_name?: string; family_name?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogleIdp(
  clientId = 'test-client-id.apps.googleusercontent.com',
): Promise<FakeGoogleIdp> {
  const kid = 'fake-idp-key';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
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
      const claims: JWTPayload = {
        iss: 'https://accounts.google.com',
        aud: clientId,
        email_verified: true,
        iat: now - 5,
        exp: now + 3600,
        ...user,
      };
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
