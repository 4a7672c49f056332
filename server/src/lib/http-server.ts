import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Env } from '../config/env';
import type { Logger } from './log';

// The HTTP server's edges: how it listens (with limits on slow clients) and how it stops (drained).

/** Limits on slow clients, in milliseconds (see node:http Server options of the same names). */
export interface HttpTimeouts {
  /** Whole request head (slowloris: headers trickled in byte by byte). */
  headersTimeout: number;
  /** Whole request, body included (slow-body uploads). */
  requestTimeout: number;
  /** Idle keep-alive socket after a response. */
  keepAliveTimeout: number;
  /** How often Node looks for requests past headersTimeout/requestTimeout (its default is 30 s). */
  connectionsCheckingInterval: number;
}

/**
 * Explicit, because Node's defaults moved between versions (keepAliveTimeout 5 s -> 65 s): slow
 * clients are cut off with a 408 instead of holding sockets forever. The check interval bounds how
 * late a timeout is noticed, so it is kept well below the timeouts themselves.
 */
export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = Object.freeze({
  headersTimeout: 20_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 10_000,
  connectionsCheckingInterval: 1_000,
});

export function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  env: Env,
  log: Logger,
  timeouts: HttpTimeouts,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    // connectionsCheckingInterval is only read when the server is created, hence serverOptions.
    const server = serve({ fetch, port: env.PORT, hostname: env.HOST, serverOptions: { ...timeouts } }) as Server;
    // Set again as properties so that they hold whichever of them a Node 20–24 release reads as an option.
    server.headersTimeout = timeouts.headersTimeout;
    server.requestTimeout = timeouts.requestTimeout;
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      server.on('error', (error) => log.error('http server error', { error }));
      resolve(server);
    });
  });
}

/**
 * Stop accepting, wait for in-flight requests, then force the rest. Keep-alive sockets that turn
 * idle once their response is sent are closed as they appear, rather than after keepAliveTimeout.
 */
export function drain(server: Server, timeoutMs: number, log: Logger): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => {
      log.warn('drain timeout: closing the connections still open', { timeoutMs });
      server.closeAllConnections();
    }, timeoutMs);
    sweep.unref();
    force.unref();
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
