import { randomBytes } from 'node:crypto';

/** Bytes of CSPRNG output per session token: 256 bits, twice ASVS 7.2.3's 128-bit floor. */
export const SESSION_TOKEN_BYTES = 32;

/** What a token we issued looks like (32 bytes, base64url, no padding: 43 characters). */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh session cookie value, straight from the OS CSPRNG (ASVS 7.2.3, 11.5.1). */
export function newSessionToken(): string {
  return randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
}
