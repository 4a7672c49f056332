import type { Context } from 'hono';
import { setCookie, deleteCookie } from 'hono/cookie';
import { isHttps, type Env } from '../config/env';

/**
 * `__Host-pe_csrftoken` over https, plain `pe_csrftoken` on local http (docs/decisions/186): with the
 * prefix a sibling sub-domain cannot plant or shadow the cookie. Clients take the token from the JSON
 * body of GET /api/auth/csrf/, or read whichever of the two names is set.
 */
export function csrfCookieName(env: Pick<Env, 'PUBLIC_URL'>): string {
  return isHttps(env) ? '__Host-pe_csrftoken' : 'pe_csrftoken';
}

/**
 * `__Host-pe_session` over https (the prefix makes browsers refuse a cookie tossed from a sibling
 * sub-domain or set without Secure), plain `pe_session` on local http where __Host- cannot be used.
 */
export function sessionCookieName(env: Pick<Env, 'PUBLIC_URL'>): string {
  return isHttps(env) ? '__Host-pe_session' : 'pe_session';
}

/**
 * Every value sent for cookie `name`, in header order. Parsed by hand so that duplicates (cookie
 * tossing) are visible and so that only space/tab are trimmed: String#trim would also remove NBSP,
 * the getCookie prefix-bypass advisory (GHSA-r5rp-j6wh-rvv4).
 */
export function readCookies(c: Context, name: string): string[] {
  const header = c.req.header('cookie');
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).replace(/^[ \t]+|[ \t]+$/g, '');
    if (key !== name) continue;
    let value = part.slice(eq + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      values.push(value.includes('%') ? decodeURIComponent(value) : value);
    } catch {
      // A malformed escape cannot be a value we issued: ignore it.
    }
  }
  return values;
}

/** The session cookie value the browser sent first (the most specific path), or '' when none. */
export function readSessionCookie(c: Context, env: Pick<Env, 'PUBLIC_URL'>): string {
  return readCookies(c, sessionCookieName(env))[0] ?? '';
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure (and __Host-) over https. */
export function setSessionCookie(c: Context, env: Pick<Env, 'PUBLIC_URL'>, value: string, maxAgeSeconds: number): void {
  setCookie(c, sessionCookieName(env), value, {
    httpOnly: true,
    secure: isHttps(env),
    sameSite: 'Lax',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(c: Context, env: Pick<Env, 'PUBLIC_URL'>): void {
  deleteCookie(c, sessionCookieName(env), { path: '/', secure: isHttps(env), httpOnly: true, sameSite: 'Lax' });
}
