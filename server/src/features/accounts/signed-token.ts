import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Django's PasswordResetTokenGenerator, generalised: token = base36(seconds) "-" every other hex
 * digit of HMAC-SHA256(SECRET_KEY + purpose, state ‖ seconds). `state` is the part of the user that
 * must not have changed (password hash, last login, e-mail, verification flags), so the link dies as
 * soon as it has been used, without storing anything. No database row, nothing to purge.
 */
export interface SignedTokenOptions {
  secret: string;
  /** Separates token families: an activation token is never a reset token. */
  purpose: string;
  maxAgeMs: number;
  now: () => number;
}

const TOKEN_PATTERN = /^([0-9a-z]{1,13})-([0-9a-f]{32})$/;

export function createSignedTokens({ secret, purpose, maxAgeMs, now }: SignedTokenOptions) {
  const key = createHmac('sha256', secret).update(`pharmaradar.${purpose}`).digest();

  const digest = (state: string, seconds: number) =>
    createHmac('sha256', key)
      .update(`${state}\u0000${seconds}`)
      .digest('hex')
      .split('')
      .filter((_, i) => i % 2 === 0)
      .join('');

  return {
    make(state: string): string {
      const seconds = Math.floor(now() / 1000);
      return `${seconds.toString(36)}-${digest(state, seconds)}`;
    },
    check(state: string, token: string): boolean {
      const match = TOKEN_PATTERN.exec(token);
      if (!match) return false;
      const seconds = parseInt(match[1] ?? '', 36);
      if (!Number.isSafeInteger(seconds)) return false;
      const expected = Buffer.from(digest(state, seconds));
      const given = Buffer.from(match[2] ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      const age = now() - seconds * 1000;
      // A timestamp in the future is as suspicious as an old one (tampered or clock jump).
      return age >= -60_000 && age <= maxAgeMs;
    },
  };
}

/** Django's urlsafe_base64_encode(str(pk)). */
export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,14}$/.test(text)) return null;
  return Number(text);
}
