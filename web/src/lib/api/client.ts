import { readApiError } from '@pharmaradar/shared/api-error-shape';
import type { ZodType } from 'zod';
import { ApiRequestError } from './api-request-error';
import { getApiLocale } from './api-locale';
import { readSseStream, type SseMessage } from './sse-parser';

export { ApiRequestError, isApiRequestError } from './api-request-error';
export { setApiLocale } from './api-locale';
export type { SseMessage } from './sse-parser';

/** SPEC §7: base path, 30 s timeout, CSRF cookie/header names. */
export const API_BASE = '/api';
export const API_TIMEOUT_MS = 30_000;
export const CSRF_COOKIE = 'pe_csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** SPEC §4/§7: a 401 on any call fires the global 'unauthorized' event (window CustomEvent). */
export const UNAUTHORIZED_EVENT = 'unauthorized';

export interface RequestOptions<T> {
  signal?: AbortSignal;
  /** Validates a 2xx JSON body; a mismatch throws ApiRequestError code `invalid_response`. */
  schema?: ZodType<T>;
  /**
   * The same check for code that must not load zod (the home page's first JavaScript, ADR 036):
   * the body as read, or null when it does not match.
   */
  read?: (data: unknown) => T | null;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let apiOrigin = '';

/** Tests point the client at a loopback server; the app always uses its own origin. */
export function setApiOrigin(origin: string): void {
  apiOrigin = origin.replace(/\/$/, '');
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
  const body = await send<{ csrfToken?: unknown }>('GET', '/auth/csrf/', undefined, { signal }, false);
  const token = typeof body?.csrfToken === 'string' ? body.csrfToken : readCookie(CSRF_COOKIE);
  if (!token) throw new ApiRequestError({ status: 0, code: 'csrf_failed', detail: 'No CSRF token received.' });
  csrfToken = token;
  return token;
}

/** Forgets the token kept from the last answer (tests; the cookie stays the source of truth). */
export function clearCsrfToken(): void {
  csrfToken = null;
}

function currentCsrf(): string | null {
  // The cookie is the truth (another tab or a login may have rotated it); the answer is a fallback
  // for origins where the cookie is not readable (tests against another port).
  return readCookie(CSRF_COOKIE) ?? csrfToken;
}

const UNSAFE: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions<T> = {}): Promise<T> {
  if (!UNSAFE.has(method)) return send(method, path, body, options, false);
  if (!currentCsrf()) await fetchCsrfToken(options.signal);
  try {
    return await send(method, path, body, options, true);
  } catch (error) {
    // A new session (login, expiry) needs a new token: refetch it and retry once.
    if (error instanceof ApiRequestError && error.status === 403 && error.code === 'csrf_failed') {
      await fetchCsrfToken(options.signal);
      return send(method, path, body, options, true);
    }
    throw error;
  }
}

interface Opened {
  response: Response;
  /** Stops the timeout and the caller-signal link (once the body is read or no longer wanted). */
  release: () => void;
  /** Turns a failure while reading the body into the client's error codes. */
  failure: (error: unknown) => ApiRequestError;
}

/**
 * One HTTP exchange up to a 2xx answer's headers: the headers every call sends, the CSRF header, the
 * timeout, the caller's signal, the error parsing and the 'unauthorized' event, written once for JSON
 * calls and streams alike.
 */
async function open(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions<unknown> & { origin?: string | undefined; cache?: RequestCache },
  withCsrf: boolean,
): Promise<Opened> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': getApiLocale(),
    ...options.headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const token = withCsrf ? currentCsrf() : null;
  if (token) headers[CSRF_HEADER] = token;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  const release = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  };
  const failure = (error: unknown): ApiRequestError => {
    if (error instanceof ApiRequestError) return error;
    if (timedOut)
      return new ApiRequestError({ status: 0, code: 'timeout', detail: 'The server took too long to answer.' });
    if (options.signal?.aborted)
      return new ApiRequestError({ status: 0, code: 'aborted', detail: 'Request cancelled.' });
    return new ApiRequestError({
      status: 0,
      code: 'network',
      detail: error instanceof Error ? error.message : 'Network error',
    });
  };

  let response: Response;
  try {
    response = await fetch(`${options.origin ?? apiOrigin}${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: controller.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (error) {
    release();
    throw failure(error);
  }

  if (response.status < 200 || response.status > 299) {
    release();
    const data = await readBody(response);
    if (response.status === 401 && typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT, { detail: { path } }));
    }
    const parsed = readApiError(data);
    throw new ApiRequestError({
      status: response.status,
      code: parsed ? parsed.code : `http_${response.status}`,
      detail: parsed ? parsed.detail : response.statusText || `HTTP ${response.status}`,
      fields: parsed?.fields,
      retryAfter: Number(response.headers.get('Retry-After')) || undefined,
    });
  }
  return { response, release, failure };
}

async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions<T>,
  withCsrf: boolean,
): Promise<T> {
  const { response, release } = await open(method, path, body, options, withCsrf);
  // The timeout covers the wait for an answer; a JSON body that started arriving is read to its end.
  release();
  const data = await readBody(response);
  const invalid = () =>
    new ApiRequestError({
      status: response.status,
      code: 'invalid_response',
      detail: 'Unexpected answer from the server.',
    });
  if (options.read) {
    const value = options.read(data);
    if (value === null) throw invalid();
    return value;
  }
  if (!options.schema) return data as T;
  const checked = options.schema.safeParse(data);
  if (!checked.success) throw invalid();
  return checked.data;
}

export interface StreamOptions extends Omit<RequestOptions<unknown>, 'schema' | 'read'> {
  /** Another origin for this call only (tests); defaults to the one set by setApiOrigin. */
  origin?: string;
  /** POST with a JSON body (the Pro batch endpoint streams its answer too); CSRF is sent then. */
  method?: 'GET' | 'POST';
  body?: unknown;
}

/** A 2xx answer to a streaming GET: its headers, then its body as JSON or as Server-Sent Events. */
export interface ApiStream {
  response: Response;
  /** The body as JSON, for a server that answered in one piece. */
  json(): Promise<unknown>;
  /** The events in order; stopping early closes the connection. */
  events(): AsyncGenerator<SseMessage>;
}

/**
 * GET that accepts an event stream (SPEC §7 search). Unlike JSON calls, the timeout covers the whole
 * stream, not only the wait for its headers; failures midway become ApiRequestError network, timeout
 * or aborted like any other call.
 */
export async function openStream(path: string, options: StreamOptions = {}): Promise<ApiStream> {
  const { method = 'GET', body, ...rest } = options;
  const { response, release, failure } = await open(
    method,
    path,
    body,
    { ...rest, headers: { Accept: 'text/event-stream', ...options.headers }, cache: 'no-store' },
    method !== 'GET',
  );
  return {
    response,
    async json() {
      try {
        return (await response.json()) as unknown;
      } catch (error) {
        throw failure(error);
      } finally {
        release();
      }
    },
    async *events() {
      if (!response.body) throw failure(new Error('No body'));
      try {
        yield* readSseStream(response.body);
      } catch (error) {
        throw failure(error);
      } finally {
        release();
      }
    },
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A file the server sends as an attachment: its bytes and the name it gave (Content-Disposition). */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

function attachmentName(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

/** GET of a file answer (the account data export): same headers, errors and 401 event as JSON calls. */
async function download(
  path: string,
  options: Omit<RequestOptions<unknown>, 'schema' | 'read'> = {},
): Promise<ApiFile> {
  const { response, release, failure } = await open('GET', path, undefined, options, false);
  try {
    return { blob: await response.blob(), filename: attachmentName(response.headers.get('Content-Disposition')) };
  } catch (error) {
    throw failure(error);
  } finally {
    release();
  }
}

export const api = {
  /** GET has no body: both `get(path, options)` and the uniform `get(path, undefined, options)` work. */
  get: <T>(path: string, options?: RequestOptions<T> | null, moreOptions?: RequestOptions<T>) =>
    request<T>('GET', path, undefined, moreOptions ?? options ?? {}),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('DELETE', path, body, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PATCH', path, body, options),
  download,
};
