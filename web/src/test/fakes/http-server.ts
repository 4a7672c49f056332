import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 (port 0) for web tests: tests script what it answers and read what
 * it received. Nothing of the web code is stubbed; only the other side of the wire is scripted.
 */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type TestHandler = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

export interface LoopbackServer {
  origin: string;
  received: ReceivedRequest[];
  handle(handler: TestHandler): void;
  /**
   * A new scope for the next test: the origin to point the client at. Requests under it are answered
   * and recorded; a request from an earlier scope (a page a previous test unmounted, still waiting on
   * its call) is answered as usual but never recorded, so no test counts another test's requests.
   */
  newScope(): string;
  close(): Promise<void>;
}

/** A scoped request's path: `/__t<n>/api/…`, answered as `/api/…`. */
const SCOPED_PATH = /^\/__t\d+(?=\/)/;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startLoopbackServer(handler: TestHandler): Promise<LoopbackServer> {
  let current = handler;
  const received: ReceivedRequest[] = [];
  let scopes = 0;
  let scope: string | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const scoped = SCOPED_PATH.exec(url)?.[0] ?? null;
      const entry: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: scoped ? url.slice(scoped.length) : url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (scoped === scope) received.push(entry);
      Promise.resolve(current(entry, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    received,
    handle(next) {
      current = next;
    },
    newScope() {
      scope = `/__t${++scopes}`;
      return `${origin}${scope}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
