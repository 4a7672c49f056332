import { sendJson as json, startLoopbackServer } from './http-server';

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

export async function startContactTestServer(): Promise<ContactTestServer> {
  let mode: ContactServerMode = 'ok';
  const received: ReceivedContact[] = [];
  let held: Array<() => void> = [];

  const loopback = await startLoopbackServer((req, res) => {
    if (req.method === 'GET' && req.path === '/api/auth/csrf/') {
      return json(
        res,
        200,
        { csrfToken: CSRF_TOKEN },
        { 'Set-Cookie': `pe_csrftoken=${CSRF_TOKEN}; Path=/; SameSite=Lax` },
      );
    }
    if (req.method === 'POST' && req.path === '/api/contact/') {
      const csrfHeader = req.headers['x-csrftoken'] as string | undefined;
      if (csrfHeader !== CSRF_TOKEN) return json(res, 403, { code: 'csrf_failed', detail: 'CSRF check failed.' });
      received.push({
        body: JSON.parse(req.body) as unknown,
        csrfHeader,
        acceptLanguage: req.headers['accept-language'] as string | undefined,
      });
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
    return json(res, 404, { code: 'not_found', detail: 'Not found.' });
  });

  return {
    origin: loopback.origin,
    received,
    setMode: (next) => {
      mode = next;
    },
    release: () => {
      const pending = held;
      held = [];
      for (const answer of pending) answer();
    },
    close: () => loopback.close(),
  };
}
