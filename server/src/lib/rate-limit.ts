import { onAnswer } from './answer-headers';
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './http-error';
import { COMMON_MESSAGES, type Messages } from './i18n';
import { clientAddress } from './client-address';
import type { Db } from '../db/database';
import { lightWrite } from '../db/light-write';

export interface RateLimiterOptions {
  name: string;
  windowMs: number;
  max: number;
  now?: () => number;
  /**
   * Where the counters live: the database (the app always passes it), so that every server process
   * counts against the same window (WEB_CONCURRENCY, ADR 177); without it, this process's memory.
   */
  db?: Db;
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

const result = (max: number, count: number, resetAt: number, at: number): LimitResult => ({
  allowed: count <= max,
  limit: max,
  remaining: Math.max(0, max - count),
  resetSeconds: Math.max(1, Math.ceil((resetAt - at) / 1000)),
});

/**
 * Fixed-window counter per key: the first hit opens a window of windowMs, at most `max` hits are
 * allowed inside it. It counts calls over time; how many run at once is a concurrency limit
 * (shared/src/concurrency-limit.ts, ADR 143). With a database, the counters are rows shared by every
 * server process; without one (unit tests, tools), they stay in memory.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  return options.db ? createSharedRateLimiter({ ...options, db: options.db }) : createMemoryRateLimiter(options);
}

/** One statement opens or counts the window, so two processes never both see the last free hit. */
function createSharedRateLimiter({
  name,
  windowMs,
  max,
  now = Date.now,
  db,
}: RateLimiterOptions & { db: Db }): RateLimiter {
  const hit = db.prepare<
    [{ name: string; key: string; at: number; windowMs: number }],
    { count: number; reset_at: number }
  >(
    `INSERT INTO rate_limit_windows (name, key, count, reset_at) VALUES (:name, :key, 1, :at + :windowMs)
     ON CONFLICT (name, key) DO UPDATE SET
       count = CASE WHEN reset_at <= :at THEN 1 ELSE count + 1 END,
       reset_at = CASE WHEN reset_at <= :at THEN excluded.reset_at ELSE reset_at END
     RETURNING count, reset_at`,
  );
  const forget = db.prepare<[string, string]>('DELETE FROM rate_limit_windows WHERE name = ? AND key = ?');
  const sweep = db.prepare<[string, number]>('DELETE FROM rate_limit_windows WHERE name = ? AND reset_at <= ?');
  let hits = 0;
  return {
    name,
    consume(key) {
      const at = now();
      return lightWrite(db, () => {
        // Closed windows are cleared now and then, not on every call.
        if (++hits % 1000 === 0) sweep.run(name, at);
        const row = hit.get({ name, key, at, windowMs })!;
        return result(max, row.count, row.reset_at, at);
      });
    },
    reset(key) {
      lightWrite(db, () => forget.run(name, key));
    },
  };
}

function createMemoryRateLimiter({ name, windowMs, max, now = Date.now }: RateLimiterOptions): RateLimiter {
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
      return result(max, entry.count, entry.resetAt, at);
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
  return rateLimitWith(createRateLimiter(options), options.windowMs, options.key);
}

/** The same middleware around a limiter built elsewhere (the search's per-process shares, ADR 239). */
export function rateLimitWith(
  limiter: RateLimiter,
  windowMs: number,
  key: (c: Context) => string = (c) => c.get('clientIp') ?? clientAddress(c, false),
): MiddlewareHandler {
  return async (c, next) => {
    const result = limiter.consume(key(c));
    if (!result.allowed) throw rateLimitedError(result, windowMs);
    // Under what the route's answer sets itself, as a header set before the handler would be.
    const headers = rateLimitHeaders(result, windowMs);
    onAnswer(c, (answer) => {
      for (const name in headers) if (!answer.has(name)) answer.set(name, headers[name]!);
    });
    await next();
  };
}
