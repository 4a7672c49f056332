import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { rawRequest, rawSocket } from '../../test/helpers/raw-http';
import { DEFAULT_BODY_LIMIT_BYTES } from './body-limit';

describe('API body size limit', () => {
  let server: TestServer;
  let client: TestClient;
  let handled = 0;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        extraRoutes: (app) => {
          app.post('/api/test-only/size/', async (c) => {
            handled += 1;
            return c.json({ bytes: (await c.req.arrayBuffer()).byteLength });
          });
        },
      },
    );
    client = createTestClient(server.url);
    const token = await client.csrf();
    headers = { 'X-CSRFToken': token, Cookie: `pe_csrftoken=${token}`, 'Content-Type': 'application/json' };
  });
  afterAll(() => server.close());

  const big = (bytes: number) => JSON.stringify({ message: 'x'.repeat(bytes) });

  it('accepts a body under the limit, with Content-Length or chunked', async () => {
    const body = big(1000);
    const plain = await client.post('/api/test-only/size/', body);
    expect(plain.body).toEqual({ bytes: Buffer.byteLength(body) });
    const chunked = await rawRequest(server.url, '/api/test-only/size/', {
      method: 'POST',
      headers,
      chunked: true,
      body: [body.slice(0, 500), body.slice(500)],
    });
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.text)).toEqual({ bytes: Buffer.byteLength(body) });
  });

  it('refuses an oversize body announced by Content-Length with 413 before the handler runs', async () => {
    const before = handled;
    const res = await client.post('/api/test-only/size/', big(DEFAULT_BODY_LIMIT_BYTES + 10), { lang: 'en' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'payload_too_large', detail: 'The request is too large.' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(handled).toBe(before);
  });

  it('refuses an oversize chunked body (no Content-Length) with 413 before the handler runs', async () => {
    const before = handled;
    const chunk = 'x'.repeat(16 * 1024);
    const res = await rawRequest(server.url, '/api/test-only/size/', {
      method: 'POST',
      headers,
      chunked: true,
      body: Array(6).fill(chunk),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).code).toBe('payload_too_large');
    expect(handled).toBe(before);
  });

  it('refuses a non-numeric Content-Length (never reaching the handler)', async () => {
    const before = handled;
    const answer = await rawSocket(
      server.url,
      `POST /api/test-only/size/ HTTP/1.1\r\nHost: x\r\nX-CSRFToken: ${headers['X-CSRFToken']}\r\nCookie: ${headers.Cookie}\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 (400|413)/);
    const smuggled = await rawSocket(
      server.url,
      `POST /api/test-only/size/ HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    );
    expect(smuggled).toMatch(/^HTTP\/1\.1 400/);
    expect(handled).toBe(before);
  });

  it('never stores an oversize contact message', async () => {
    const res = await client.post('/api/contact/', {
      name: 'A',
      email: 'a@example.be',
      message: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES),
    });
    expect(res.status).toBe(413);
    expect(server.db.prepare('SELECT count(*) FROM contact_messages').pluck().get()).toBe(0);
    expect(server.readOutbox()).toHaveLength(0);
  });
});
