import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../test/fakes/http-server';
import { setApiLocale } from './api-locale';
import { api, ApiRequestError, API_TIMEOUT_MS, clearCsrfToken, fetchCsrfToken, setApiOrigin } from './client';
import { OFFLINE_WAIT_MS } from './api-exchange';

let server: LoopbackServer;

function clearCookie() {
  document.cookie = 'pe_csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

async function rejection(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiRequestError);
    return error as ApiRequestError;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  server = await startLoopbackServer((_req, res) => sendJson(res, 404, { detail: 'nope', code: 'not_found' }));
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  setApiOrigin(server.origin);
  setApiLocale('fr');
  clearCsrfToken();
  clearCookie();
});
afterEach(() => {
  setApiOrigin('');
  clearCookie();
});

describe('api client', () => {
  it('GETs under /api with the JSON, marker and language headers, and no CSRF header', async () => {
    server.handle((_req, res) => sendJson(res, 200, { ok: true }));
    setApiLocale('nl');
    await expect(api.get<{ ok: boolean }>('/things/?q=1')).resolves.toEqual({ ok: true });
    const [req] = server.received;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/api/things/?q=1');
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(req?.headers['accept-language']).toBe('nl');
    expect(req?.headers['x-csrftoken']).toBeUndefined();
  });

  it('fetches a CSRF token before the first unsafe call and sends it with the JSON body', async () => {
    server.handle((req, res) => {
      if (req.path === '/api/auth/csrf/') return sendJson(res, 200, { csrfToken: 'tok-1' });
      sendJson(res, 201, { echoed: JSON.parse(req.body) as unknown });
    });
    await expect(api.post('/contact/', { name: 'Anne' })).resolves.toEqual({ echoed: { name: 'Anne' } });
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/csrf/', 'POST /api/contact/']);
    const post = server.received[1];
    expect(post?.headers['x-csrftoken']).toBe('tok-1');
    expect(post?.headers['content-type']).toBe('application/json');
  });

  it('over https uses the __Host-pe_csrftoken cookie, never an unprefixed one tossed next to it', async () => {
    // jsdom runs on http, where browsers refuse __Host- cookies: the https browser's cookie string is given.
    const cookie = vi
      .spyOn(document, 'cookie', 'get')
      .mockReturnValue('pe_csrftoken=tossed; __Host-pe_csrftoken=from-host-cookie');
    try {
      server.handle((_req, res) => sendJson(res, 200, {}));
      await api.put('/a/', {});
      expect(server.received.map((r) => r.headers['x-csrftoken'])).toEqual(['from-host-cookie']);
    } finally {
      cookie.mockRestore();
    }
  });

  it('uses the pe_csrftoken cookie when the browser has it', async () => {
    document.cookie = 'pe_csrftoken=from-cookie; path=/';
    server.handle((_req, res) => sendJson(res, 200, {}));
    await api.put('/a/', {});
    await api.patch('/b/', {});
    await api.delete('/c/');
    expect(server.received.map((r) => [r.method, r.headers['x-csrftoken']])).toEqual([
      ['PUT', 'from-cookie'],
      ['PATCH', 'from-cookie'],
      ['DELETE', 'from-cookie'],
    ]);
  });

  it('refetches the token and retries once after 403 csrf_failed', async () => {
    let tokens = 0;
    server.handle((req, res) => {
      if (req.path === '/api/auth/csrf/') return sendJson(res, 200, { csrfToken: `tok-${++tokens}` });
      if (req.headers['x-csrftoken'] === 'tok-2') return sendJson(res, 200, { done: true });
      sendJson(res, 403, { detail: 'CSRF', code: 'csrf_failed' });
    });
    await expect(api.post('/auth/login/', {})).resolves.toEqual({ done: true });
    expect(server.received.map((r) => r.path)).toEqual([
      '/api/auth/csrf/',
      '/api/auth/login/',
      '/api/auth/csrf/',
      '/api/auth/login/',
    ]);
  });

  it('retries only once: a second csrf_failed reaches the caller', async () => {
    server.handle((req, res) => {
      if (req.path === '/api/auth/csrf/') return sendJson(res, 200, { csrfToken: 'stale' });
      sendJson(res, 403, { detail: 'Jeton CSRF invalide.', code: 'csrf_failed' });
    });
    const error = await rejection(api.post('/auth/login/', {}));
    expect(error).toMatchObject({ status: 403, code: 'csrf_failed', detail: 'Jeton CSRF invalide.' });
    expect(server.received.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('throws the server error shape with fields on non-2xx', async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        detail: 'Données invalides.',
        code: 'validation_failed',
        fields: { email: 'Adresse invalide.' },
      }),
    );
    const error = await rejection(api.get('/x/'));
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      detail: 'Données invalides.',
      fields: { email: 'Adresse invalide.' },
    });
  });

  it('gives a status code when the error body is not the API shape', async () => {
    server.handle((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const error = await rejection(api.get('/x/'));
    expect(error).toMatchObject({ status: 502, code: 'http_502' });
  });

  it("dispatches the 'unauthorized' event on 401 (docs/architecture.md#client-rules)", async () => {
    server.handle((_req, res) => sendJson(res, 401, { detail: 'Non connecté.', code: 'not_authenticated' }));
    const events: string[] = [];
    const listener = () => events.push('unauthorized');
    window.addEventListener('unauthorized', listener);
    const error = await rejection(api.get('/auth/me/'));
    window.removeEventListener('unauthorized', listener);
    expect(error.status).toBe(401);
    expect(events).toEqual(['unauthorized']);
  });

  it('validates a 2xx body with the given schema', async () => {
    server.handle((_req, res) => sendJson(res, 200, { count: 'three' }));
    const schema = z.object({ count: z.number() });
    const error = await rejection(api.get('/count/', { schema }));
    expect(error.code).toBe('invalid_response');
    server.handle((_req, res) => sendJson(res, 200, { count: 3 }));
    await expect(api.get('/count/', undefined, { schema })).resolves.toEqual({ count: 3 });
  });

  it('checks a 2xx body with a zod-free reader the same way (boot-path code)', async () => {
    const read = (data: unknown) =>
      typeof (data as { count?: unknown })?.count === 'number' ? (data as { count: number }) : null;
    server.handle((_req, res) => sendJson(res, 200, { count: 'three' }));
    const error = await rejection(api.get('/count/', { read }));
    expect(error.code).toBe('invalid_response');
    expect(error.status).toBe(200);
    server.handle((_req, res) => sendJson(res, 200, { count: 3 }));
    await expect(api.get('/count/', { read })).resolves.toEqual({ count: 3 });
  });

  it('answers 204 with null', async () => {
    document.cookie = 'pe_csrftoken=c1; path=/';
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(api.delete('/thing/1/')).resolves.toBeNull();
  });

  it('reports an unreachable server as code network', async () => {
    const gone = await startLoopbackServer((_req, res) => sendJson(res, 200, {}));
    await gone.close();
    setApiOrigin(gone.origin);
    const error = await rejection(api.get('/x/'));
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });

  it('gives up with code timeout when the server does not answer in time', async () => {
    server.handle(() => undefined); // never answers
    const error = await rejection(api.get('/slow/', { timeoutMs: 50 }));
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
  });

  describe('offline', () => {
    afterEach(() => vi.restoreAllMocks());
    const held = () => server.handle(() => undefined); // a request the browser or its worker holds

    it('a call with no answer fails as network after the offline wait, not after the network timeout', async () => {
      held();
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const started = Date.now();
      const error = await rejection(api.get('/products/x/'));
      expect(error).toMatchObject({ status: 0, code: 'network' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(OFFLINE_WAIT_MS - 50);
      expect(Date.now() - started).toBeLessThan(API_TIMEOUT_MS / 3);
    }, 15_000);

    it('a call waiting when the connection drops fails the same way', async () => {
      held();
      const pending = api.get('/products/x/');
      await new Promise((resolve) => setTimeout(resolve, 50));
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      window.dispatchEvent(new Event('offline'));
      expect(await rejection(pending)).toMatchObject({ status: 0, code: 'network' });
    }, 15_000);

    it('an answer the browser still holds (its cache) is given as usual', async () => {
      server.handle((_req, res) => sendJson(res, 200, { ok: true }));
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      await expect(api.get('/products/x/')).resolves.toEqual({ ok: true });
    });
  });

  it('reports a cancelled call as code aborted', async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const pending = api.get('/slow/', { signal: controller.signal });
    controller.abort();
    expect((await rejection(pending)).code).toBe('aborted');
  });

  it('fetchCsrfToken returns the token of /api/auth/csrf/', async () => {
    server.handle((_req, res) => sendJson(res, 200, { csrfToken: 'abc' }));
    await expect(fetchCsrfToken()).resolves.toBe('abc');
  });
});
