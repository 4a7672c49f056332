import type { ServerResponse } from 'node:http';
import { sendJson, startLoopbackServer, type ReceivedRequest } from './http-server';

// The search API (GET /api/search, SSE or JSON) on a real loopback server, for component and client
// tests. Tests script what it answers; nothing in the web code is stubbed.

export type Handler = (req: ReceivedRequest, res: ServerResponse, url: URL) => void | Promise<void>;

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
  const loopback = await startLoopbackServer((req, res) => {
    const url = new URL(req.path, 'http://127.0.0.1');
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    requests.push({
      path: `${url.pathname}${url.search}`,
      accept: header('accept'),
      acceptLanguage: header('accept-language'),
    });
    return handler(req, res, url);
  });
  return {
    url: loopback.origin,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: () => loopback.close(),
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
  return (_req, res) => sendJson(res, status, body);
}

/** A promise plus its resolve function: `const gate = deferred(); ... gate.resolve()`. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
