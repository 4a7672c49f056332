import { open, type RequestOptions } from './api-exchange';
import { request } from './api-csrf';

// The API client, in parts (ADR 143): one HTTP exchange (api-exchange.ts), JSON answers (api-json.ts),
// the CSRF handshake (api-csrf.ts) and event streams (api-stream.ts). Callers import from here.
export { ApiRequestError, isApiRequestError } from './api-request-error';
export { API_TIMEOUT_MS, UNAUTHORIZED_EVENT, setApiOrigin } from './api-exchange';
export type { RequestOptions } from './api-exchange';
export { clearCsrfToken, fetchCsrfToken } from './api-csrf';
export { openStream } from './api-stream';

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
  const { response, release, failure } = await open('GET', path, undefined, options, null);
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
