import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { isHttps, type Env } from '../../config/env';
import type { Db } from '../../db/database';
import { readCookies } from '../../lib/cookies';
import { createBrowserRegistrationRepository } from './browser-registration.repository';
import type { HeldRegistration } from './otp.service';

/**
 * The registration a browser made, for a code or link used in that same browser (docs/decisions/185):
 * the register answer sets a random token in an HttpOnly cookie, and the server keeps the
 * registration (password hash, profile) under the token's HMAC. A code typed or a link opened in this
 * browser activates that registration; anywhere else the verify screen asks for the password.
 * Kept as long as the activation link lives.
 */
export const BROWSER_REGISTRATION_TTL_MS = 24 * 3600 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function registrationCookieName(env: Pick<Env, 'PUBLIC_URL'>): string {
  return isHttps(env) ? '__Host-pe_registration' : 'pe_registration';
}

export function createBrowserRegistrations({ db, secret, now }: { db: Db; secret: string; now: () => number }) {
  const rows = createBrowserRegistrationRepository(db);
  const hashToken = (token: string) =>
    createHmac('sha256', secret).update(`pharmaradar.registration-browser\u0000${token}`).digest('hex');

  return {
    /**
     * The token for a register answer: the one this browser already holds (so its earlier
     * registrations of other addresses stay its own), else a fresh one. Every answer carries one,
     * whatever the address.
     */
    tokenFor(carried: string): string {
      return TOKEN_PATTERN.test(carried) ? carried : randomBytes(32).toString('base64url');
    },
    /** Keeps `registration` for the browser holding `token`. */
    hold(userId: number, token: string, registration: HeldRegistration): void {
      rows.insert(userId, hashToken(token), JSON.stringify(registration), now());
    },
    /** The registration this browser made for the account, or null (none, another account's, expired). */
    find(userId: number, token: string): HeldRegistration | null {
      if (!TOKEN_PATTERN.test(token)) return null;
      const json = rows.find(userId, hashToken(token), now() - BROWSER_REGISTRATION_TTL_MS);
      return json === undefined ? null : (JSON.parse(json) as HeldRegistration);
    },
  };
}

/** The Hono side: the token the request carried ('' when none), and setting a fresh one. */
export function browserRegistrationCookies(env: Pick<Env, 'PUBLIC_URL'>) {
  const name = registrationCookieName(env);
  return {
    read: (c: Context): string => readCookies(c, name)[0] ?? '',
    send(c: Context, token: string): void {
      setCookie(c, name, token, {
        httpOnly: true,
        secure: isHttps(env),
        sameSite: 'Lax',
        path: '/',
        maxAge: Math.floor(BROWSER_REGISTRATION_TTL_MS / 1000),
      });
    },
  };
}
