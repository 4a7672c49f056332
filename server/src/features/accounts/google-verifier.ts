import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
const GOOGLE_ISSUERS = ['accounts.google.com', GOOGLE_ISSUER];
/** Small on purpose: Google's clocks are right, ours are NTP-synced; 300 s would stretch a 1 h token. */
export const GOOGLE_CLOCK_TOLERANCE_S = 60;

export interface GoogleClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  /** Google Workspace domain, present only for Workspace accounts. */
  hd: string | null;
  givenName: string;
  familyName: string;
}

export interface GoogleVerifierOptions {
  clientId: string;
  jwksUrl: string;
  now: () => number;
}

const str = (value: unknown, max = 255): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;

function toClaims(payload: JWTPayload): GoogleClaims {
  const sub = str(payload.sub);
  if (!sub) throw new Error('google token without sub');
  // Google sends a boolean; older tokens carried the string "true".
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  return {
    sub,
    email: str(payload.email, 254),
    emailVerified: verified,
    hd: str(payload.hd),
    givenName: (str(payload.given_name, 150) ?? '').trim(),
    familyName: (str(payload.family_name, 150) ?? '').trim(),
  };
}

/**
 * Verifies a Google ID token (docs/security.md#google-id-tokens): RS256 only, signed by a key of the JWKS (fetched and
 * cached by jose, refetched on an unknown kid), aud = our client id, iss = Google, not expired, issued
 * at most an hour ago and not in the future. Throws on any failure.
 */
export function createGoogleVerifier({ clientId, jwksUrl, now }: GoogleVerifierOptions) {
  const jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return {
    async verify(idToken: string): Promise<GoogleClaims> {
      const { payload } = await jwtVerify(idToken, jwks, {
        algorithms: ['RS256'],
        audience: clientId,
        issuer: GOOGLE_ISSUERS,
        clockTolerance: GOOGLE_CLOCK_TOLERANCE_S,
        maxTokenAge: '1h',
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(now()),
      });
      return toClaims(payload);
    },
  };
}
