import type { Context } from 'hono';
import { HttpError } from '../../lib/http-error';
import { localize, requestLocale, type Messages } from '../../lib/i18n';
import { rateLimitHeaders, type LimitResult } from '../../lib/rate-limit';

/**
 * A 429 whose body also carries `retry_after` (seconds), so the verification screen can run its
 * countdown; the Retry-After and RateLimit headers are those of lib/rate-limit.ts.
 */
export class ThrottledError extends HttpError {
  readonly retryAfter: number;

  constructor(messages: Messages, result: LimitResult, windowMs: number) {
    super(429, 'rate_limited', messages, undefined, rateLimitHeaders(result, windowMs));
    this.retryAfter = result.resetSeconds;
  }
}

export function renderThrottled(c: Context, error: ThrottledError): Response {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(
    { detail: localize(error.messages, requestLocale(c)), code: error.code, retry_after: error.retryAfter },
    429,
  );
}

/** Runs a handler body, turning a ThrottledError into its 429 answer; other errors go to app.onError. */
export async function withThrottle(c: Context, run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ThrottledError) return renderThrottled(c, error);
    throw error;
  }
}
