import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Locale } from '@pharmaradar/shared/locales';
import type { Messages } from './i18n';

/**
 * An expected failure with a stable `code` for clients and a translated `detail`. Throw it from
 * handlers or services; the global error handler renders `{detail, code, fields?, retry_after?}` in
 * the request language. `fields` maps a field name to its (already chosen per language at render time)
 * message.
 */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly messages: Messages | string;
  readonly fields: Record<string, Messages | string> | undefined;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string> | undefined;
  /**
   * Seconds to wait, also sent in the body as `retry_after` (the verification screen runs its countdown
   * from it). Only the per-account throttles set it; the per-connection 429s carry the headers alone.
   */
  readonly retryAfter: number | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    messages: Record<Locale, string> | string,
    fields?: Record<string, Messages | string>,
    headers?: Record<string, string>,
    retryAfter?: number,
  ) {
    super(typeof messages === 'string' ? messages : messages.en);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.messages = messages;
    this.fields = fields;
    this.headers = headers;
    this.retryAfter = retryAfter;
  }
}
