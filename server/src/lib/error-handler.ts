import Database from '../db/sqlite-driver';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from './http-error';
import { COMMON_MESSAGES, localize, requestLocale, type Messages } from './i18n';
import type { Logger } from './log';

const CODE_BY_STATUS: Record<number, [string, Messages]> = {
  400: ['bad_request', COMMON_MESSAGES.badRequest],
  404: ['not_found', COMMON_MESSAGES.notFound],
  405: ['method_not_allowed', COMMON_MESSAGES.methodNotAllowed],
  413: ['payload_too_large', COMMON_MESSAGES.payloadTooLarge],
  503: ['unavailable', COMMON_MESSAGES.serviceUnavailable],
};

export function renderHttpError(c: Context, error: HttpError): Response {
  const locale = requestLocale(c);
  const body: { detail: string; code: string; fields?: Record<string, string>; retry_after?: number } = {
    detail: localize(error.messages, locale),
    code: error.code,
  };
  if (error.fields) {
    body.fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, localize(v, locale)]));
  }
  if (error.retryAfter !== undefined) body.retry_after = error.retryAfter;
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(body, error.status);
}

/** Seconds a client should wait before retrying after a storage failure (sent as Retry-After). */
export const STORAGE_RETRY_AFTER_S = 30;

/**
 * SQLite result codes that mean "the storage cannot take this right now" (disk full, read-only or
 * remounted file, I/O error, lock held elsewhere, file gone) rather than a bug in the query: the
 * request may succeed later, so the answer is 503 with Retry-After, not 500. Extended codes
 * (SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE, SQLITE_BUSY_TIMEOUT…) share their primary's prefix.
 */
const UNAVAILABLE_SQLITE_CODE = /^SQLITE_(FULL|READONLY|IOERR|BUSY|LOCKED|CANTOPEN)(_|$)/;

export function isStorageUnavailable(error: unknown): error is InstanceType<typeof Database.SqliteError> {
  return error instanceof Database.SqliteError && UNAVAILABLE_SQLITE_CODE.test(error.code);
}

export function storageUnavailableError(): HttpError {
  return new HttpError(503, 'unavailable', COMMON_MESSAGES.serviceUnavailable, undefined, {
    'Retry-After': String(STORAGE_RETRY_AFTER_S),
  });
}

/**
 * The one place errors become answers: `{detail, code, fields?}` in the request language, never a
 * stack. Storage failures (see isStorageUnavailable) are answered 503 `unavailable` with Retry-After;
 * other unexpected errors are logged with their stack server-side and answered 500 `internal`.
 */
export function errorHandler(log: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) return renderHttpError(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      const [code, messages] = CODE_BY_STATUS[error.status] ?? ['error', COMMON_MESSAGES.badRequest];
      return renderHttpError(c, new HttpError(error.status as ContentfulStatusCode, code, messages));
    }
    if (isStorageUnavailable(error)) {
      // One line per failed request, without the stack: the SQLite code says all there is to know.
      log.error('database unavailable', {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        sqliteCode: error.code,
        reason: error.message,
      });
      return renderHttpError(c, storageUnavailableError());
    }
    log.error('unhandled error', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, error });
    return renderHttpError(c, new HttpError(500, 'internal', COMMON_MESSAGES.internal));
  };
}

/** 404: JSON `not_found` under /api, a short text elsewhere (HTML navigations never get here). */
export const notFoundHandler: NotFoundHandler = (c) => {
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
    return renderHttpError(c, new HttpError(404, 'not_found', COMMON_MESSAGES.notFound));
  }
  return c.text('Not found', 404);
};
