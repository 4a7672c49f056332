import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server on loopback that speaks SSE like GET /api/search, for component and client tests.
// Tests script what it answers; nothing in the web code is stubbed.

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

export interface TestServer {
  url: string;
  /** Every request received (path + query, and the headers that matter). */
  requests: { path: string; accept: string | undefined; acceptLanguage: string | undefined }[];
  handle: (handler: Handler) => void;
  close: () => Promise<void>;
}

export async function startTestServer(initial?: Handler): Promise<TestServer> {
  let handler: Handler = initial ?? ((_req, res) => void res.writeHead(404).end());
  const requests: TestServer['requests'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({
      path: `${url.pathname}${url.search}`,
      accept: req.headers.accept,
      acceptLanguage: req.headers['accept-language'],
    });
    Promise.resolve(handler(req, res, url)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One SSE event, or a promise the stream waits on (to hold a retailer back until the test says so). */
export type ScriptStep = { event: string; data: unknown } | Promise<unknown>;

export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Streams the steps as text/event-stream, like Hono's streamSSE. */
export function sse(steps: ScriptStep[]): Handler {
  return async (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.flushHeaders();
    for (const step of steps) {
      if (step instanceof Promise) await step;
      else res.write(sseFrame(step.event, step.data));
    }
    res.end();
  };
}

export function json(status: number, body: unknown): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

/** A promise plus its resolve function: `const gate = deferred(); ... gate.resolve()`. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
