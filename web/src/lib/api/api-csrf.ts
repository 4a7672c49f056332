import { ApiRequestError } from './api-request-error';
import type { Method, RequestOptions } from './api-exchange';
import { send } from './api-json';

/** docs/architecture.md#client-rules: the CSRF cookie's name on plain http (the header's is in api-exchange.ts). */
export const CSRF_COOKIE = 'pe_csrftoken';
/** Its name over https (docs/decisions/186): a sibling sub-domain cannot plant a __Host- cookie. */
export const CSRF_COOKIE_HTTPS = '__Host-pe_csrftoken';

/** The CSRF cookie's value: the __Host- one first, so an unprefixed cookie tossed over https is never used. */
function csrfCookie(): string | null {
  return readCookie(CSRF_COOKIE_HTTPS) ?? readCookie(CSRF_COOKIE);
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let csrfToken: string | null = null;

/** GET /api/auth/csrf/: the server sets the cookie and answers `{csrfToken}`; the value is kept for headers. */
export async function fetchCsrfToken(signal?: AbortSignal): Promise<string> {
  const body = await send<{ csrfToken?: unknown }>('GET', '/auth/csrf/', undefined, { signal }, null);
  const token = typeof body?.csrfToken === 'string' ? body.csrfToken : csrfCookie();
  if (!token) throw new ApiRequestError({ status: 0, code: 'csrf_failed', detail: 'No CSRF token received.' });
  csrfToken = token;
  return token;
}

/** Forgets the token kept from the last answer (tests; the cookie stays the source of truth). */
export function clearCsrfToken(): void {
  csrfToken = null;
}

export function currentCsrf(): string | null {
  // The cookie is the truth (another tab or a login may have rotated it); the answer is a fallback
  // for origins where the cookie is not readable (tests against another port).
  return csrfCookie() ?? csrfToken;
}

const UNSAFE: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A JSON call with the CSRF handshake (ADR 143): unsafe methods send the token, fetched first when
 * none is known, and fetched again and retried once when the server refuses it.
 */
export async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  if (!UNSAFE.has(method)) return send(method, path, body, options, null);
  if (!currentCsrf()) await fetchCsrfToken(options.signal);
  try {
    return await send(method, path, body, options, currentCsrf());
  } catch (error) {
    // A new session (login, expiry) needs a new token: refetch it and retry once.
    if (error instanceof ApiRequestError && error.status === 403 && error.code === 'csrf_failed') {
      await fetchCsrfToken(options.signal);
      return send(method, path, body, options, currentCsrf());
    }
    throw error;
  }
}
