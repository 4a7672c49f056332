import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { setApiOrigin } from '../../lib/api/client';
import { offersAt } from '../../test/search-offers.test-support';
import {
  sendJson,
  startLoopbackServer,
  type LoopbackServer,
  type ReceivedRequest,
  type TestHandler,
} from '../../test/fakes/http-server';

// The Pro API as the Pro tool's tests script it: a real loopback server that hands out a CSRF token
// and answers the rest as the test file says, the app's API origin pointed at it while the file runs.

export interface ProApi {
  /** Where it listens (the app's API origin while the file runs). */
  readonly origin: string;
  /** Every request the server received, in order (clear it with `received.length = 0`). */
  readonly received: ReceivedRequest[];
}

/** Starts the server before the file's tests and stops it after them. */
export function serveProApi(handler: TestHandler): ProApi {
  let server: LoopbackServer | undefined;
  beforeAll(async () => {
    server = await startLoopbackServer((req, res) => {
      if (req.path === '/api/auth/csrf/') return sendJson(res, 200, { csrfToken: 'token' });
      return handler(req, res);
    });
    setApiOrigin(server.origin);
  });
  afterAll(async () => {
    setApiOrigin('');
    await server?.close();
  });
  const started = () => {
    if (!server) throw new Error('The Pro API starts in beforeAll.');
    return server;
  };
  return {
    get origin() {
      return started().origin;
    },
    get received() {
      return started().received;
    },
  };
}

/** A `product` event of POST /api/pro/prices/: found, one offer per price (`shop-0` is the best). */
export const pricedEvent = (cnk: string, name: string, prices: number[]) => ({
  cnk,
  status: 'found',
  product: {
    cnk,
    name,
    brand: null,
    image: null,
    slug: null,
    offers: offersAt(name, prices, (i) => `shop-${i}`, cnk),
  },
  retailers: [],
  fetchedAt: new Date().toISOString(),
  cached: false,
});

/** Answers POST /api/pro/prices/ with these product events, then `done` (each one counted). */
export function streamPrices(res: ServerResponse, events: unknown[]): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  for (const event of events) res.write(`event: product\ndata: ${JSON.stringify(event)}\n\n`);
  const done = { count: events.length, quota: 1000, used: events.length, resetsOn: '2026-12-01' };
  res.end(`event: done\ndata: ${JSON.stringify(done)}\n\n`);
}
