import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './http-error';
import { COMMON_MESSAGES, type Messages } from './i18n';
import { clientAddress } from './client-address';

export interface RateLimiterOptions {
  name: string;
  windowMs: number;
  max: number;
  now?: () => number;
}

export interface LimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window of this key resets (>= 1 while it is open). */
  resetSeconds: number;
}

export interface RateLimiter {
  readonly name: string;
  consume(key: string): LimitResult;
  /** Forget a key (e.g. after a successful login clears the failures). */
  reset(key: string): void;
}

const SWEEP_THRESHOLD = 10_000;

/**
 * In-memory fixed-window counter per key: the first hit opens a window of windowMs, at most `max`
 * hits are allowed inside it. One process serves the app, so memory is the right store. It counts
 * calls over time; how many run at once is a concurrency limit (shared/src/concurrency-limit.ts, ADR 143).
 */
export function createRateLimiter({ name, windowMs, max, now = Date.now }: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  const sweep = (at: number) => {
    for (const [key, entry] of windows) if (entry.resetAt <= at) windows.delete(key);
  };

  return {
    name,
    consume(key) {
      const at = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= at) {
        if (windows.size >= SWEEP_THRESHOLD) sweep(at);
        entry = { count: 0, resetAt: at + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return {
        allowed: entry.count <= max,
        limit: max,
        remaining: Math.max(0, max - entry.count),
        resetSeconds: Math.max(1, Math.ceil((entry.resetAt - at) / 1000)),
      };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

/** Headers of draft-ietf-httpapi-ratelimit-headers (-06) plus Retry-After when refused. */
export function rateLimitHeaders(result: LimitResult, windowMs: number): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${result.limit};w=${Math.ceil(windowMs / 1000)}`,
    'RateLimit-Limit': String(result.limit),
    'RateLimit-Remaining': String(result.remaining),
    'RateLimit-Reset': String(result.resetSeconds),
  };
  if (!result.allowed) headers['Retry-After'] = String(result.resetSeconds);
  return headers;
}

/** 429 `rate_limited` with the rate-limit headers (per-connection limits: middleware, contact form). */
export function rateLimitedError(result: LimitResult, windowMs: number): HttpError {
  return new HttpError(429, 'rate_limited', COMMON_MESSAGES.rateLimited, undefined, rateLimitHeaders(result, windowMs));
}

/**
 * 429 `rate_limited` whose body also carries `retry_after` (seconds), for the per-account throttles
 * (login, code resend, deletion password): the client shows how long to wait.
 */
export function throttledError(messages: Messages, result: LimitResult, windowMs: number): HttpError {
  return new HttpError(
    429,
    'rate_limited',
    messages,
    undefined,
    rateLimitHeaders(result, windowMs),
    result.resetSeconds,
  );
}

export interface RateLimitOptions extends RateLimiterOptions {
  /** Defaults to the client address (socket, or the trusted proxy's X-Forwarded-For hop). */
  key?: (c: Context) => string;
}

/** Middleware: 429 `rate_limited` with Retry-After once a client exceeds `max` per `windowMs`. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const limiter = createRateLimiter(options);
  const keyOf = options.key ?? ((c: Context) => c.get('clientIp') ?? clientAddress(c, false));
  return async (c, next) => {
    const result = limiter.consume(keyOf(c));
    if (!result.allowed) throw rateLimitedError(result, options.windowMs);
    for (const [name, value] of Object.entries(rateLimitHeaders(result, options.windowMs))) c.header(name, value);
    await next();
  };
}
