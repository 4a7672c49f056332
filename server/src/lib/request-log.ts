import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { onAnswer } from './answer-headers';
import type { Logger } from './log';

declare module 'hono' {
  interface ContextVariableMap {
    /** One id per request: in the access line, in any error line, and in the X-Request-Id header. */
    requestId: string;
  }
}

/** A proxy's id is kept when it looks like one (a collector can then join both logs); else ours. */
const PROXY_REQUEST_ID = /^[\w.:-]{8,100}$/;

/**
 * The access line of every API request: request id, method, path (never the query string, which
 * may carry a signed token), status and duration to the response's first byte (a search stream goes
 * on after it). A throttled request also names its source, for the operator; other lines carry no address.
 */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const proxyId = c.req.header('x-request-id');
    const requestId = proxyId && PROXY_REQUEST_ID.test(proxyId) ? proxyId : randomUUID();
    c.set('requestId', requestId);
    onAnswer(c, (headers) => headers.set('X-Request-Id', requestId));
    await next();
    if (!c.req.path.startsWith('/api')) return;
    const ip = c.res.status === 429 ? c.get('clientIp') : undefined;
    log.access({
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round(performance.now() - started),
      ...(ip === undefined ? {} : { ip }),
    });
  };
}
