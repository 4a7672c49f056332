import { readApiError } from '@pharmaradar/shared/api-error-shape';
import type { ZodType } from 'zod';
import { ApiRequestError } from './api-request-error';
import { getApiLocale } from './api-locale';

/** docs/architecture.md#client-rules: base path, 30 s timeout, CSRF header name. */
export const API_BASE = '/api';
export const API_TIMEOUT_MS = 30_000;
/**
 * Offline (the browser says so, before or while a call waits for its answer), how long it may still
 * wait: enough for an answer the browser holds (its HTTP cache answers in milliseconds), far less than
 * API_TIMEOUT_MS, which only bounds a slow network. No answer can come from a network that is not
 * there, and a request the browser or its service worker holds must not keep a screen loading (ADR 230).
 */
export const OFFLINE_WAIT_MS = 3000;
export const CSRF_HEADER = 'X-CSRFToken';
/** docs/product.md#states, docs/architecture.md#client-rules: a 401 on any call fires the global 'unauthorized' event (window CustomEvent). */
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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let apiOrigin = '';

/** Tests point the client at a loopback server; the app always uses its own origin. */
export function setApiOrigin(origin: string): void {
  apiOrigin = origin.replace(/\/$/, '');
}

export interface Opened {
  response: Response;
  /** Stops the timeout and the caller-signal link (once the body is read or no longer wanted). */
  release: () => void;
  /** Turns a failure while reading the body into the client's error codes. */
  failure: (error: unknown) => ApiRequestError;
}

export type ExchangeOptions = RequestOptions<unknown> & { origin?: string | undefined; cache?: RequestCache };

/**
 * One HTTP exchange up to a 2xx answer's headers (ADR 143): the headers every call sends, the CSRF
 * header when a token is given, the timeout, the caller's signal, the error parsing and the
 * 'unauthorized' event, written once for JSON calls, streams and files alike.
 */
export async function open(
  method: Method,
  path: string,
  body: unknown,
  options: ExchangeOptions,
  csrfToken: string | null,
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
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  let cutOffline = false;
  let offlineTimer: ReturnType<typeof setTimeout> | undefined;
  const onOffline = () => {
    offlineTimer ??= setTimeout(() => {
      cutOffline = true;
      controller.abort();
    }, OFFLINE_WAIT_MS);
  };
  const answered = () => {
    clearTimeout(offlineTimer);
    if (typeof window !== 'undefined') window.removeEventListener('offline', onOffline);
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', onOffline);
    if (navigator.onLine === false) onOffline();
  }
  const release = () => {
    clearTimeout(timer);
    answered();
    options.signal?.removeEventListener('abort', onAbort);
  };
  const failure = (error: unknown): ApiRequestError => {
    if (error instanceof ApiRequestError) return error;
    if (cutOffline) return new ApiRequestError({ status: 0, code: 'network', detail: 'Offline.' });
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
  // Answered: what follows (a body, a stream) is bounded by the caller, not by the offline wait.
  answered();

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

/** The body as JSON, as text when it is not JSON, or null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
