import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server speaking the two calls the contact form makes (GET /api/auth/csrf/ then
 * POST /api/contact/ with the token), so component tests go through the real API client and fetch.
 */
export type ContactServerMode = 'ok' | 'fail' | 'rate-limited' | 'hold';

export interface ReceivedContact {
  body: unknown;
  csrfHeader: string | undefined;
  acceptLanguage: string | undefined;
}

export interface ContactTestServer {
  origin: string;
  received: ReceivedContact[];
  setMode(mode: ContactServerMode): void;
  /** In 'hold' mode, answers the pending request(s) with 201. */
  release(): void;
  close(): Promise<void>;
}

const CSRF_TOKEN = 'test-csrf-token';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

export async function startContactTestServer(): Promise<ContactTestServer> {
  let mode: ContactServerMode = 'ok';
  const received: ReceivedContact[] = [];
  let held: Array<() => void> = [];

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/api/auth/csrf/') {
        json(res, 200, { csrfToken: CSRF_TOKEN }, { 'Set-Cookie': `pe_csrftoken=${CSRF_TOKEN}; Path=/; SameSite=Lax` });
        return;
      }
      if (req.method === 'POST' && req.url === '/api/contact/') {
        const csrfHeader = req.headers['x-csrftoken'] as string | undefined;
        if (csrfHeader !== CSRF_TOKEN) {
          json(res, 403, { code: 'csrf_failed', detail: 'CSRF check failed.' });
          return;
        }
        const body = await readJson(req);
        received.push({ body, csrfHeader, acceptLanguage: req.headers['accept-language'] });
        if (mode === 'fail') return json(res, 500, { code: 'internal', detail: 'Internal error.' });
        if (mode === 'rate-limited') {
          return json(
            res,
            429,
            { code: 'rate_limited', detail: 'Trop de messages envoyés. Réessayez dans une minute.' },
            { 'Retry-After': '60' },
          );
        }
        if (mode === 'hold') {
          held.push(() => json(res, 201, { detail: 'Message sent.' }));
          return;
        }
        return json(res, 201, { detail: 'Message sent.' });
      }
      json(res, 404, { code: 'not_found', detail: 'Not found.' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    setMode: (next) => {
      mode = next;
    },
    release: () => {
      const pending = held;
      held = [];
      for (const answer of pending) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
