import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SYNC_MAX_REQUEST_BYTES } from '@pharmaradar/shared/group-sync-limits';
import { HttpError } from './http-error';
import { COMMON_MESSAGES } from './i18n';

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Routes that legitimately receive more (path without trailing slash, as app.ts routes it).
 * Stripe events with many invoice lines can pass 64 KB; a Pro group with its lines' prices, VAT and
 * names, sent with its base, can pass it too (docs/decisions/151).
 */
export const BODY_LIMIT_OVERRIDES: Readonly<Record<string, number>> = {
  '/api/billing/webhook': 512 * 1024,
  '/api/groups/sync': SYNC_MAX_REQUEST_BYTES,
};

function tooLarge(): never {
  throw new HttpError(413, 'payload_too_large', COMMON_MESSAGES.payloadTooLarge);
}

/**
 * Refuses bodies over `maxBytes` before any handler runs: by Content-Length when given, otherwise
 * (chunked) while streaming, without buffering past the limit. A Content-Length that is not a plain
 * number is a 400, whatever a permissive parser might make of it.
 */
export function limitBody(maxBytes = DEFAULT_BODY_LIMIT_BYTES, overrides = BODY_LIMIT_OVERRIDES): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  const streamLimit = (size: number) => {
    let limiter = limiters.get(size);
    if (!limiter) limiters.set(size, (limiter = bodyLimit({ maxSize: size, onError: tooLarge })));
    return limiter;
  };
  return async (c, next) => {
    const max = overrides[c.req.path.replace(/\/+$/, '')] ?? maxBytes;
    const length = c.req.header('content-length');
    if (length !== undefined) {
      if (!/^\d+$/.test(length.trim())) throw new HttpError(400, 'bad_request', COMMON_MESSAGES.badRequest);
      if (Number(length) > max) tooLarge();
    }
    // GET and HEAD carry no body (node-server gives them none); asking the request for one would
    // build a full WHATWG Request per call, the costliest step of a cached search (bench (e)).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return streamLimit(max)(c, next);
  };
}
