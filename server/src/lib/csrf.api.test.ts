import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { rawRequest } from '../../test/helpers/raw-http';
import { CSRF_EXEMPT_PATHS, mintCsrfToken, verifyCsrfToken } from './csrf';

function cookieAttributes(line: string): { name: string; value: string; attributes: string[] } {
  const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
  const eq = pair.indexOf('=');
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes: attributes.sort() };
}

describe('signed double-submit CSRF protection', () => {
  let server: TestServer;
  let handled = 0;

  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        extraRoutes: (app) => {
          app.post('/api/test-only/echo/', (c) => {
            handled += 1;
            return c.json({ ok: true });
          });
        },
      },
    );
  });
  afterAll(() => server.close());

  /** A client with its own session cookie (the value the token is bound to). */
  const withSession = (session: string): TestClient => {
    const client = createTestClient(server.url);
    client.cookies.set('pe_session', session);
    return client;
  };

  it('GET /api/auth/csrf/ returns {csrfToken} and sets pe_csrftoken with exactly the documented attributes', async () => {
    const client = createTestClient(server.url);
    const res = await client.get('/api/auth/csrf/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ csrfToken: expect.stringMatching(/^[\w-]+\.[\w-]{43}$/) });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookies = res.setCookies.map(cookieAttributes).filter((c) => c.name === 'pe_csrftoken');
    expect(cookies).toHaveLength(1);
    expect(cookies[0]?.value).toBe(res.body.csrfToken);
    // Readable by JS (no HttpOnly) on purpose; no Secure on plain-http local runs.
    expect(cookies[0]?.attributes).toEqual(['Max-Age=31536000', 'Path=/', 'SameSite=Lax']);
  });

  it('passes a request with the matching token and runs the handler', async () => {
    const client = withSession('session-a');
    const before = handled;
    const res = await client.post('/api/test-only/echo/', { x: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(handled).toBe(before + 1);
  });

  it('refuses a missing header with 403 csrf_failed, translated, without running the handler', async () => {
    const client = withSession('session-a');
    await client.csrf();
    const before = handled;
    const fr = await client.post('/api/test-only/echo/', {}, { csrf: false });
    expect(fr.status).toBe(403);
    expect(fr.body).toEqual({
      code: 'csrf_failed',
      detail: 'La vérification de sécurité a échoué. Rechargez la page et réessayez.',
    });
    const en = await client.post('/api/test-only/echo/', {}, { csrf: false, lang: 'en' });
    expect(en.body.detail).toBe('Security check failed. Reload the page and try again.');
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await client.request(method, '/api/test-only/echo/', { csrf: false });
      expect(res.status, method).toBe(403);
    }
    expect(handled).toBe(before);
  });

  it('refuses a header that differs from the cookie', async () => {
    const client = withSession('session-a');
    const token = await client.csrf();
    const other = await client.csrf(); // the jar now holds `other`
    expect(other).not.toBe(token);
    const res = await client.post('/api/test-only/echo/', {}, { csrf: token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('csrf_failed');
  });

  it('refuses a valid token from another session, even with cookie and header equal', async () => {
    const attacker = withSession('attacker-session');
    const attackerToken = await attacker.csrf();
    const victim = withSession('victim-session');
    victim.cookies.set('pe_csrftoken', attackerToken);
    const res = await victim.post('/api/test-only/echo/', {}, { csrf: attackerToken });
    expect(res.status).toBe(403);
  });

  it('refuses a token minted before login once the session changes (rotation)', async () => {
    const client = createTestClient(server.url);
    const anonymous = await client.csrf();
    expect((await client.post('/api/test-only/echo/', {})).status).toBe(200);
    client.cookies.set('pe_session', 'fresh-login-session');
    const res = await client.post('/api/test-only/echo/', {}, { csrf: anonymous });
    expect(res.status).toBe(403);
    await client.csrf();
    expect((await client.post('/api/test-only/echo/', {})).status).toBe(200);
  });

  it('cookie tossing: with two pe_csrftoken cookies the forged one is still refused', async () => {
    const victim = withSession('victim-session');
    const real = await victim.csrf();
    const forged = await withSession('attacker-session').csrf();
    for (const order of [
      `pe_csrftoken=${forged}; pe_csrftoken=${real}`,
      `pe_csrftoken=${real}; pe_csrftoken=${forged}`,
    ]) {
      const cookieHeader = `pe_session=victim-session; ${order}`;
      const attack = await victim.post('/api/test-only/echo/', {}, { csrf: forged, cookieHeader });
      expect(attack.status).toBe(403);
      const genuine = await victim.post('/api/test-only/echo/', {}, { csrf: real, cookieHeader });
      expect(genuine.status).toBe(200);
    }
  });

  it('refuses a token signed with another secret', async () => {
    const client = withSession('s');
    const forged = mintCsrfToken('x'.repeat(64), 's');
    client.cookies.set('pe_csrftoken', forged);
    expect((await client.post('/api/test-only/echo/', {}, { csrf: forged })).status).toBe(403);
    expect(verifyCsrfToken(server.env.SECRET_KEY, 's', forged)).toBe(false);
  });

  it('refuses requests a browser marks cross-site or same-site, even with a valid token', async () => {
    const client = withSession('session-a');
    await client.csrf();
    for (const site of ['cross-site', 'same-site']) {
      const res = await client.post('/api/test-only/echo/', {}, { headers: { 'Sec-Fetch-Site': site } });
      expect(res.status, site).toBe(403);
    }
    const sameOrigin = await client.post('/api/test-only/echo/', {}, { headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(sameOrigin.status).toBe(200);
  });

  it('refuses a multipart form post from another origin with no token', async () => {
    const res = await fetch(new URL('/api/test-only/echo/', server.url), {
      method: 'POST',
      headers: { Origin: 'https://evil.test', 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    });
    expect(res.status).toBe(403);
  });

  describe('Origin check (second layer: a valid token is not enough from another origin)', () => {
    const multipart = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n';

    it('refuses a valid token sent with a foreign Origin and no Sec-Fetch-Site (older browsers)', async () => {
      const client = withSession('session-a');
      await client.csrf();
      const before = handled;
      for (const origin of [
        'https://evil.test',
        'null',
        '',
        'https://localhost:8080', // PUBLIC_URL's host, other scheme
        'http://localhost:8081', // other port
        'http://localhost:8080.evil.test',
      ]) {
        const res = await client.post('/api/test-only/echo/', { x: 1 }, { headers: { Origin: origin } });
        expect([res.status, res.body?.code], `Origin: ${origin}`).toEqual([403, 'csrf_failed']);
      }
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const res = await client.request(method, '/api/test-only/echo/', { headers: { Origin: 'https://evil.test' } });
        expect(res.status, method).toBe(403);
      }
      expect(handled).toBe(before);
    });

    it('refuses a multipart form post from another origin even with a valid token and cookie', async () => {
      const client = withSession('session-a');
      await client.csrf();
      const before = handled;
      const headers = { 'Content-Type': 'multipart/form-data; boundary=x' };
      const evil = await client.post('/api/test-only/echo/', multipart, {
        headers: { ...headers, Origin: 'https://evil.test' },
      });
      expect([evil.status, evil.body?.code]).toEqual([403, 'csrf_failed']);
      expect(handled).toBe(before);
      const own = await client.post('/api/test-only/echo/', multipart, {
        headers: { ...headers, Origin: new URL(server.env.PUBLIC_URL).origin },
      });
      expect(own.status).toBe(200);
      expect(handled).toBe(before + 1);
    });

    it('passes a valid token with the PUBLIC_URL origin or the origin the request was sent to', async () => {
      const client = withSession('session-a');
      await client.csrf();
      expect(server.env.PUBLIC_URL).toBe('http://localhost:8080');
      for (const origin of ['http://localhost:8080', new URL(server.url).origin]) {
        const res = await client.post('/api/test-only/echo/', {}, { headers: { Origin: origin } });
        expect(res.status, `Origin: ${origin}`).toBe(200);
      }
    });

    it('still refuses the PUBLIC_URL origin without a valid token', async () => {
      const client = withSession('session-a');
      await client.csrf();
      const res = await client.post(
        '/api/test-only/echo/',
        {},
        { csrf: false, headers: { Origin: 'http://localhost:8080' } },
      );
      expect(res.status).toBe(403);
    });

    it('passes on the token alone when there is no Origin header (same-origin requests of older browsers)', async () => {
      const client = withSession('session-a');
      const token = await client.csrf();
      const res = await rawRequest(server.url, '/api/test-only/echo/', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: `pe_session=session-a; pe_csrftoken=${token}`,
          'X-CSRFToken': token,
        },
        body: '{}',
      });
      expect(res.status).toBe(200);
    });
  });

  it('exempts only the Stripe webhook', async () => {
    expect(CSRF_EXEMPT_PATHS).toEqual(['/api/billing/webhook/']);
    const res = await createTestClient(server.url).post('/api/billing/webhook/', {}, { csrf: false });
    expect(res.body?.code).not.toBe('csrf_failed');
  });

  it('route table: every unsafe API route except the Stripe webhook requires the token', async () => {
    const client = createTestClient(server.url);
    const unsafe = server.app.routes.filter(
      (r) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.path.startsWith('/api/') && !r.path.includes('*'),
    );
    expect(unsafe.length).toBeGreaterThan(1);
    for (const route of unsafe) {
      const path = route.path.replace(/:[^/]+/g, '1');
      const res = await client.request(route.method, path, { body: {}, csrf: false });
      const exempt = CSRF_EXEMPT_PATHS.some((p) => p.replace(/\/$/, '') === route.path.replace(/\/$/, ''));
      if (exempt) expect(res.body?.code, `${route.method} ${route.path}`).not.toBe('csrf_failed');
      else expect([res.status, res.body?.code], `${route.method} ${route.path}`).toEqual([403, 'csrf_failed']);
    }
  });
});

describe('CSRF cookie over https', () => {
  it('names it __Host-pe_csrftoken with Secure when PUBLIC_URL is https, the token still in the JSON body', async () => {
    const server = await startTestServer({ PUBLIC_URL: 'https://pharmaradar.example' });
    try {
      const res = await createTestClient(server.url).get('/api/auth/csrf/');
      const cookies = res.setCookies.map(cookieAttributes);
      const cookie = cookies.find((c) => c.name === '__Host-pe_csrftoken');
      expect(cookie?.attributes).toEqual(['Max-Age=31536000', 'Path=/', 'SameSite=Lax', 'Secure']);
      expect(cookie?.value).toBe(res.body.csrfToken);
      expect(cookies.some((c) => c.name === 'pe_csrftoken')).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('cookie tossing over https: a pe_csrftoken planted by a sibling sub-domain is not the CSRF cookie', async () => {
    const server = await startTestServer(
      { PUBLIC_URL: 'https://pharmaradar.example' },
      { extraRoutes: (app) => app.post('/api/test-only/echo/', (c) => c.json({ ok: true })) },
    );
    try {
      const victim = createTestClient(server.url);
      const real = await victim.csrf();
      // A sibling sub-domain can set an unprefixed cookie (never a __Host- one); here it even holds a
      // token valid for the victim's session, copied into the header the attacker controls.
      const tossed = mintCsrfToken(server.env.SECRET_KEY, '');
      for (const cookieHeader of [
        `pe_csrftoken=${tossed}`,
        `pe_csrftoken=${tossed}; __Host-pe_csrftoken=${real}`,
        `__Host-pe_csrftoken=${real}; pe_csrftoken=${tossed}`,
      ]) {
        const attack = await victim.post('/api/test-only/echo/', {}, { csrf: tossed, cookieHeader });
        expect(attack.status, cookieHeader).toBe(403);
      }
      const genuine = await victim.post(
        '/api/test-only/echo/',
        {},
        {
          csrf: real,
          cookieHeader: `pe_csrftoken=${tossed}; __Host-pe_csrftoken=${real}`,
        },
      );
      expect(genuine.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('accepts the https PUBLIC_URL origin and refuses its plain-http twin', async () => {
    const server = await startTestServer({ PUBLIC_URL: 'https://pharmaradar.example' });
    try {
      const client = createTestClient(server.url);
      await client.csrf();
      // Behind a TLS proxy the server sees plain http, so only PUBLIC_URL can match the browser's Origin.
      const ok = await client.post('/api/contact/', {}, { headers: { Origin: 'https://pharmaradar.example' } });
      expect(ok.body?.code).not.toBe('csrf_failed');
      const twin = await client.post('/api/contact/', {}, { headers: { Origin: 'http://pharmaradar.example' } });
      expect([twin.status, twin.body?.code]).toEqual([403, 'csrf_failed']);
    } finally {
      await server.close();
    }
  });
});
