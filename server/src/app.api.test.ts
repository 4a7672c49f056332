import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../test/helpers/test-client';
import { startTestServer, type TestServer } from '../test/helpers/test-server';
import { rawRequest, rawSocket } from '../test/helpers/raw-http';
import { registerAndVerify } from './features/accounts/accounts.test-support';
import { CSRF_EXEMPT_PATHS } from './lib/csrf';

function csp(headers: Headers): Map<string, string[]> {
  const value = headers.get('content-security-policy') ?? '';
  return new Map(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** What every answer must carry, whatever produced it (docs/security.md#security-headers). */
function expectSecurityHeaders(headers: Headers): void {
  const policy = csp(headers);
  for (const sources of policy.values()) {
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
  }
  expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-powered-by')).toBeNull();
  expect(headers.get('access-control-allow-origin')).toBeNull();
  expect(headers.get('access-control-allow-credentials')).toBeNull();
  const type = (headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (type === 'application/json' || type === 'text/event-stream') expectDataPolicy(headers, policy);
  else expectDocumentPolicy(headers, policy);
}

/** A page or a file: the full policy, and what only a document's window reads. */
function expectDocumentPolicy(headers: Headers, policy: Map<string, string[]>): void {
  expect(policy.get('default-src')).toEqual(["'self'"]);
  // WebAssembly compilation only (the barcode reader's .wasm, self-hosted): never eval.
  expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://accounts.google.com/gsi/client']);
  expect(policy.get('style-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/style']);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
  expect(policy.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  expect(headers.get('permissions-policy')).toContain('camera=(self)');
}

/** JSON or an event stream opened as a page: it may load, run and frame nothing (ADR 257). */
function expectDataPolicy(headers: Headers, policy: Map<string, string[]>): void {
  expect(Object.fromEntries(policy)).toEqual({
    'default-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'none'"],
  });
  for (const documentOnly of [
    'cross-origin-opener-policy',
    'permissions-policy',
    'origin-agent-cluster',
    'x-xss-protection',
  ])
    expect(headers.get(documentOnly), documentOnly).toBeNull();
}

describe('app: headers, methods, errors and static files', () => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        extraRoutes: (app) => {
          app.get('/api/test-only/boom/', () => {
            throw new Error('kaboom: secret internal detail');
          });
        },
        htmlTransformers: [
          (html, c) =>
            c.req.path === '/doliprane-1000'
              ? html.replace('<title>PharmaRadar</title>', '<title>Doliprane &amp; co</title>')
              : undefined,
        ],
      },
    );
    client = createTestClient(server.url);
  });
  afterAll(() => server.close());

  it('GET /api/health answers ok with version, db and demo, with or without the trailing slash', async () => {
    for (const path of ['/api/health', '/api/health/']) {
      const res = await client.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'ok',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        db: 'ok',
        demo: true,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expectSecurityHeaders(res.headers);
    }
  });

  it('answers a search (fresh, cached, streamed, refused) with the data header set, its request id, the limit and no-store', async () => {
    const search = (query: string, accept = 'application/json') =>
      fetch(`${server.url}/api/search?q=${query}`, { headers: { accept } });
    const answers = [await search('vichy'), await search('vichy'), await search('vichy', 'text/event-stream')];
    const cached = async (res: Response) => ((await res.clone().json()) as { cached: boolean }).cached;
    expect([await cached(answers[0]!), await cached(answers[1]!)]).toEqual([false, true]);
    const refused = await search('%20');
    expect(refused.status).toBe(400);
    const ids = new Set<string>();
    for (const res of [...answers, refused]) {
      await res.arrayBuffer();
      expectSecurityHeaders(res.headers);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(res.headers.get('x-request-id')!);
    }
    expect(ids.size).toBe(4);
    for (const res of answers) expect(res.headers.get('vary')).toBe('Accept, Accept-Language');
    expect(answers[2]!.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it('serves client routes as index.html (HTML page class) with no-cache; an unknown address is a 404', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/about', 200],
      ['/fr/pro', 200],
      // No page and no product: the app's not-found page, with the status the API would give.
      ['/some/unknown/page', 404],
    ] as const) {
      const res = await client.get(path, { headers: { Accept: 'text/html,application/xhtml+xml' } });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(res.headers);
    }
  });

  it('lets a registered HTML transformer rewrite index.html for its pages only', async () => {
    const landing = await client.get('/doliprane-1000', { headers: { Accept: 'text/html' } });
    expect(landing.text).toContain('<title>Doliprane &amp; co</title>');
    const other = await client.get('/about', { headers: { Accept: 'text/html' } });
    expect(other.text).toContain('<title>PharmaRadar</title>');
  });

  it('serves hashed assets immutable and the app shell files revalidated', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['/assets/index-abc123.js', 'public, max-age=31536000, immutable', /javascript/],
      ['/sw.js', 'no-cache', /javascript/],
      ['/manifest.webmanifest', 'no-cache', /manifest\+json/],
      ['/locales/fr/common.json', 'no-cache', /json/],
      ['/favicon.svg', 'public, max-age=3600', /svg/],
    ];
    for (const [path, cacheControl, type] of cases) {
      const res = await client.get(path, { headers: { Accept: '*/*' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(cacheControl);
      expect(res.headers.get('content-type'), path).toMatch(type);
      expectSecurityHeaders(res.headers);
    }
  });

  it('answers 404 (not index.html) for a missing file that is not a page request', async () => {
    const res = await client.get('/assets/missing-123.js', { headers: { Accept: '*/*' } });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
    expectSecurityHeaders(res.headers);
  });

  it('never serves files outside WEB_DIST_DIR', async () => {
    for (const path of ['/..%2fsecret.key', '/%2e%2e/secret.key', '/assets/..%2f..%2fsecret.key', '/..\\secret.key']) {
      const res = await rawRequest(server.url, path, { headers: { Accept: '*/*' } });
      expect(res.status, path).toBe(404);
      expect(res.text).not.toMatch(/[0-9a-f]{64}/);
    }
  });

  it('answers unknown API paths with the JSON 404 shape, translated', async () => {
    const fr = await client.get('/api/nope/');
    expect(fr.status).toBe(404);
    expect(fr.body).toEqual({ code: 'not_found', detail: 'Ressource introuvable.' });
    expectSecurityHeaders(fr.headers);
    expect(fr.headers.get('cache-control')).toBe('no-store');
    const en = await client.get('/api/nope/', { lang: 'en-GB,en;q=0.9' });
    expect(en.body.detail).toBe('Not found.');
    const nl = await client.get('/api/nope/?lang=nl', { lang: 'en' });
    expect(nl.body.detail).toBe('Niet gevonden.');
    const html = await client.get('/api/nope/', { headers: { Accept: 'text/html' } });
    expect(html.status).toBe(404);
    expect(html.body.code).toBe('not_found');
  });

  it('answers an unexpected error with 500 internal, no stack, and logs the stack server-side', async () => {
    const res = await client.get('/api/test-only/boom/', { lang: 'en' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'internal', detail: 'An unexpected error occurred. Please try again.' });
    expect(res.text).not.toMatch(/kaboom|at .*\.ts|Error:/);
    expectSecurityHeaders(res.headers);
    expect(server.logs().some((line) => line.includes('unhandled error') && line.includes('kaboom'))).toBe(true);
  });

  it('has no such test-only route in a server started without it', async () => {
    const plain = await startTestServer();
    try {
      const res = await createTestClient(plain.url).get('/api/test-only/boom/');
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses TRACE and unknown verbs with 405 everywhere', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACE', '/api/health/'],
      ['PROPFIND', '/api/health/'],
      ['OPTIONS', '/api/contact/'],
      ['PURGE', '/'],
    ] as const) {
      const res = await rawRequest(server.url, path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    }
    // CONNECT never reaches the app: Node closes the socket (no 'connect' listener), no tunnel.
    const connect = await rawSocket(server.url, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(connect).not.toMatch(/^HTTP\/1\.1 2/);
  });

  it('never reflects an Origin (no CORS headers at all)', async () => {
    for (const origin of ['https://evil.test', 'null', server.url]) {
      const res = await client.get('/api/health/', { headers: { Origin: origin } });
      expect(res.status).toBe(200);
      for (const name of res.headers.keys()) expect(name.startsWith('access-control-')).toBe(false);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await rawRequest(server.url, '/api/health/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});

describe('app without a web build', () => {
  it('answers GET / with a 503 page telling to run npm run build, and keeps the API up', async () => {
    const server = await startTestServer({ WEB_DIST_DIR: join('/nonexistent', 'web-dist') });
    try {
      const client = createTestClient(server.url);
      const page = await client.get('/', { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.text).toContain('npm run build');
      expectSecurityHeaders(page.headers);
      expect((await client.get('/api/health/')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('GET on mutating API routes (docs/security.md#csrf-cors-and-methods)', () => {
  it('route table: GET/HEAD on every POST/PUT/PATCH/DELETE path answers 404/405 and changes nothing', async () => {
    const server = await startTestServer();
    try {
      const client = createTestClient(server.url);
      const email = 'get-probe@example.be';
      await registerAndVerify(server, client, email);
      const token = await client.csrf(); // a valid token for this session, sent with every probe

      const isExempt = (path: string) =>
        CSRF_EXEMPT_PATHS.some((p) => p.replace(/\/$/, '') === path.replace(/\/$/, ''));
      const apiRoutes = server.app.routes.filter((r) => r.path.startsWith('/api/') && !r.path.includes('*'));
      const readable = new Set(apiRoutes.filter((r) => r.method === 'GET').map((r) => r.path));
      const mutating = [
        ...new Set(
          apiRoutes
            .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !isExempt(r.path))
            .map((r) => r.path),
        ),
      ];
      expect(mutating).toEqual(expect.arrayContaining(['/api/contact/', '/api/auth/logout/', '/api/account/delete/']));
      // A path that also has its own GET handler is a read endpoint (its GET answers, and still changes
      // nothing): the user's push devices and the alerts' e-mail preference, written as REST resources.
      const readAndWrite = new Set(mutating.filter((p) => readable.has(p)).map((p) => p.replace(/\/$/, '')));
      expect([...readAndWrite].sort()).toEqual(['/api/alerts/preferences', '/api/push/subscriptions']);

      const tables = server.db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .pluck()
        .all() as string[];
      expect(tables).toEqual(expect.arrayContaining(['contact_messages', 'users', 'sessions']));
      const snapshot = () => ({
        counts: Object.fromEntries(
          tables.map((t) => [t, server.db.prepare(`SELECT count(*) FROM "${t}"`).pluck().get()]),
        ),
        users: server.db.prepare('SELECT * FROM users ORDER BY id').all(),
        mails: server.readOutbox().length,
      });
      const before = snapshot();

      for (const route of mutating) {
        const path = route.replace(/:[^/]+/g, '1');
        for (const method of ['GET', 'HEAD']) {
          const res = await client.request(method, `${path}?email=${encodeURIComponent(email)}`, {
            headers: { 'X-CSRFToken': token },
          });
          const answers = readAndWrite.has(route.replace(/\/$/, '')) ? [200] : [404, 405];
          expect(answers, `${method} ${path}`).toContain(res.status);
        }
      }

      expect(snapshot()).toEqual(before);
      // GET /api/auth/logout/ did not log out, GET /api/account/delete/ did not delete.
      const me = await client.get('/api/auth/me/');
      expect(me.body.user.email).toBe(email);
    } finally {
      await server.close();
    }
  });
});
