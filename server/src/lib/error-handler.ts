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
  const body: { detail: string; code: string; fields?: Record<string, string> } = {
    detail: localize(error.messages, locale),
    code: error.code,
  };
  if (error.fields) {
    body.fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, localize(v, locale)]));
  }
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(body, error.status);
}

/**
 * The one place errors become answers: `{detail, code, fields?}` in the request language, never a
 * stack. Unexpected errors are logged with their stack server-side and answered 500 `internal`.
 */
export function errorHandler(log: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) return renderHttpError(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      const [code, messages] = CODE_BY_STATUS[error.status] ?? ['error', COMMON_MESSAGES.badRequest];
      return renderHttpError(c, new HttpError(error.status as ContentfulStatusCode, code, messages));
    }
    log.error('unhandled error', { method: c.req.method, path: c.req.path, error });
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
