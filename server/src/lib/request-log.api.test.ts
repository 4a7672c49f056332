import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';

const accessLines = (server: TestServer) =>
  server
    .logs()
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.message === 'request');

describe('the access log a collector reads (LOG_FORMAT=json)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOG_FORMAT: 'json' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('writes one line per API request with its id, method, path, status and duration, and answers the id', async () => {
    const response = await fetch(`${server.url}/api/search?q=dafalgan&lang=fr`, {
      headers: { Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = accessLines(server).find((entry) => entry.requestId === requestId);
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/search', status: 200 });
    expect(line?.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(line)).not.toContain('dafalgan'); // the query string stays out
  });

  it("keeps a proxy's request id, and replaces one that could forge a line", async () => {
    const kept = await fetch(`${server.url}/api/health`, { headers: { 'X-Request-Id': 'proxy-7f3a9c21' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-7f3a9c21');
    expect(accessLines(server).some((entry) => entry.requestId === 'proxy-7f3a9c21')).toBe(true);
    const replaced = await fetch(`${server.url}/api/health`, { headers: { 'X-Request-Id': 'x" level=error' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('masks an address in the path, written as it is or percent-encoded', async () => {
    for (const path of ['/api/nothing/marie.dubois@example.be', '/api/nothing/marie.dubois%40example.be']) {
      const response = await fetch(`${server.url}${path}`);
      const line = accessLines(server).find((entry) => entry.requestId === response.headers.get('x-request-id'));
      expect(line?.path, path).toBe('/api/nothing/m…@example.be');
    }
  });

  it('keeps an address in the query string out of the line', async () => {
    const response = await fetch(`${server.url}/api/health?email=jan.peeters@apotheek.be`);
    const line = accessLines(server).find((entry) => entry.requestId === response.headers.get('x-request-id'));
    expect(line).toMatchObject({ path: '/api/health', status: 200 });
    expect(JSON.stringify(line)).not.toContain('jan.peeters');
  });

  it("replaces a proxy's request id that holds an address", async () => {
    const response = await fetch(`${server.url}/api/health`, {
      headers: { 'X-Request-Id': 'marie.dubois@example.be' },
    });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(accessLines(server).find((entry) => entry.requestId === requestId)).toMatchObject({ path: '/api/health' });
    expect(server.logs().filter((line) => line.includes('marie.dubois@'))).toEqual([]);
  });

  it('names the request id in the line of an unknown route too', async () => {
    const response = await fetch(`${server.url}/api/nothing-here/`);
    expect(response.status).toBe(404);
    const requestId = response.headers.get('x-request-id');
    expect(accessLines(server).find((entry) => entry.requestId === requestId)).toMatchObject({ status: 404 });
  });
});
