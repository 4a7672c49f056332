import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { isHttps, type Env } from '../config/env';
import { csrfCookieName, readCookies, readSessionCookie } from './cookies';
import { HttpError } from './http-error';
import { COMMON_MESSAGES } from './i18n';

export const CSRF_HEADER_NAME = 'X-CSRFToken';
/** The only unsafe route without a token: Stripe authenticates it with its signature instead. */
export const CSRF_EXEMPT_PATHS: readonly string[] = ['/api/billing/webhook/'];
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ONE_YEAR_S = 365 * 24 * 3600;

function sign(secret: string, session: string, nonce: string): Buffer {
  return createHmac('sha256', secret).update(`pe-csrf\u0000${session}\u0000${nonce}`).digest();
}

/**
 * Signed double-submit token (OWASP): `nonce.HMAC(secret, session ‖ nonce)`. Bound to the session
 * cookie value, so a token from another session, or one minted before login, is refused; and a
 * cookie tossed by a sibling sub-domain is useless without the server secret.
 */
export function mintCsrfToken(secret: string, session: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, session, nonce).toString('base64url')}`;
}

export function verifyCsrfToken(secret: string, session: string, token: string): boolean {
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const given = Buffer.from(match[2] ?? '', 'base64url');
  const expected = sign(secret, session, match[1] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Mints a token bound to `session` (by default the session cookie of the request; at login and logout
 * the new session's value, since the browser has not sent it yet) and sets the CSRF cookie
 * (`__Host-pe_csrftoken` over https, `pe_csrftoken` on http), readable by JS on purpose: the client
 * copies it into X-CSRFToken.
 */
export function issueCsrfToken(
  c: Context,
  env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>,
  session: string = readSessionCookie(c, env),
): string {
  const token = mintCsrfToken(env.SECRET_KEY, session);
  setCookie(c, csrfCookieName(env), token, { path: '/', sameSite: 'Lax', secure: isHttps(env), maxAge: ONE_YEAR_S });
  return token;
}

/** Handler of GET /api/auth/csrf/: `{csrfToken}` plus the cookie. */
export function csrfTokenHandler(env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>) {
  return (c: Context) => c.json({ csrfToken: issueCsrfToken(c, env) });
}

/** app.ts drops the trailing slash of API request paths, so compare without it. */
function isExempt(path: string): boolean {
  const bare = path.replace(/\/+$/, '');
  return CSRF_EXEMPT_PATHS.some((exempt) => exempt.replace(/\/+$/, '') === bare);
}

function csrfFailed(): HttpError {
  return new HttpError(403, 'csrf_failed', COMMON_MESSAGES.csrfFailed);
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Origins an unsafe request may come from: PUBLIC_URL's, and the origin the request itself was
 * addressed to (scheme + Host as this server received it). The second keeps the app usable when
 * reached under another name than PUBLIC_URL (http://127.0.0.1:8080 for the default
 * http://localhost:8080, the Vite dev proxy, which keeps the browser's Host) and is as safe: a page
 * on another origin cannot make a browser send our Host with its own Origin (Django does the same).
 */
function isAllowedOrigin(c: Context, origin: string, publicOrigin: string | undefined): boolean {
  return origin === publicOrigin || origin === originOf(c.req.url);
}

/**
 * The checks every unsafe request passes, given the token it carries (csrfProtection reads it from
 * X-CSRFToken; a plain HTML form, which cannot set headers, sends it as a field). Before the token,
 * whatever the content type (hono/csrf only looks at form-like bodies): a browser-declared cross-site
 * or same-site (sibling sub-domain) request is refused, and so is an `Origin` header naming another
 * origin (docs/security.md#csrf-cors-and-methods, second layer; browsers too old for Sec-Fetch-Site still send Origin
 * on cross-origin POSTs). A request without Origin (older browsers on same-origin requests, non-browser clients) is
 * judged on the token alone: it must equal a CSRF cookie (csrfCookieName) and verify against the current session. Throws 403
 * csrf_failed.
 */
export function checkCsrf(c: Context, env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>, token: string): void {
  const site = c.req.header('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') throw csrfFailed();
  const origin = c.req.header('origin');
  if (origin !== undefined && !isAllowedOrigin(c, origin, originOf(env.PUBLIC_URL))) throw csrfFailed();
  if (!token || !readCookies(c, csrfCookieName(env)).includes(token)) throw csrfFailed();
  if (!verifyCsrfToken(env.SECRET_KEY, readSessionCookie(c, env), token)) throw csrfFailed();
}

/** Rejects unsafe /api requests (403 csrf_failed) that fail checkCsrf with their X-CSRFToken header. */
export function csrfProtection(env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>): MiddlewareHandler {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method) || isExempt(c.req.path)) return next();
    checkCsrf(c, env, c.req.header(CSRF_HEADER_NAME) ?? '');
    return next();
  };
}
