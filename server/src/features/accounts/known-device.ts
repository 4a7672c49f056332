import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { isHttps, type Env } from '../../config/env';
import { readCookies } from '../../lib/cookies';
import { createSignedTokens } from './signed-token';

/**
 * OWASP's "device cookie" against online guessing (docs/decisions/100): a successful sign-in leaves a
 * signed cookie naming the account (by a MAC of its address, never the address itself) and a random
 * device id. A login for that account carrying it is judged on that device's own failures only, so
 * guesses from the same connection (shop wifi, NAT) cannot delay the owner's browser; a guesser
 * cannot forge one, and one minted for their own account is worthless for another.
 */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 3600 * 1000;

const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function knownDeviceCookieName(env: Pick<Env, 'PUBLIC_URL'>): string {
  return isHttps(env) ? '__Host-pe_device' : 'pe_device';
}

export function createKnownDevices({ secret, now }: { secret: string; now: () => number }) {
  const tokens = createSignedTokens({ secret, purpose: 'known-device', maxAgeMs: KNOWN_DEVICE_TTL_MS, now });
  const state = (email: string, nonce: string) => `${email}\u0000${nonce}`;

  return {
    /** A fresh cookie value for a browser that just signed in to `email`. */
    issue(email: string): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${tokens.make(state(email, nonce))}`;
    },
    /** The device id when `value` was issued for `email` and is still valid; null otherwise. */
    recognise(value: string, email: string): string | null {
      const dot = value.indexOf('.');
      const nonce = value.slice(0, dot);
      if (dot < 0 || !NONCE_PATTERN.test(nonce)) return null;
      return tokens.check(state(email, nonce), value.slice(dot + 1)) ? nonce : null;
    },
  };
}

/** The Hono side: the cookie the request carried ('' when none), and setting a fresh one. */
export function knownDeviceCookies(env: Pick<Env, 'PUBLIC_URL'>) {
  const name = knownDeviceCookieName(env);
  return {
    read: (c: Context): string => readCookies(c, name)[0] ?? '',
    // Kept across logout: it proves nothing by itself and only spares this browser others' delays.
    send(c: Context, value: string): void {
      setCookie(c, name, value, {
        httpOnly: true,
        secure: isHttps(env),
        sameSite: 'Strict',
        path: '/',
        maxAge: Math.floor(KNOWN_DEVICE_TTL_MS / 1000),
      });
    },
  };
}
