import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canBindLoopbackSources, fireFromSources, loopbackSources, sourcesFor } from './fixed-rate-sources';

// The load test's login scenario spreads its requests over loopback source addresses so that the
// server's per-address login limit does not turn the run into 429s (npm run load).
describe('fixed-rate load from several loopback addresses', () => {
  let server: Server;
  let url: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.socket.remoteAddress ?? '?');
      res.writeHead(req.url === '/limited' && seen.length > 2 ? 429 : 200);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('numbers the sources from 127.0.0.2 on and sizes them under the per-address budget', () => {
    expect(loopbackSources(3)).toEqual(['127.0.0.2', '127.0.0.3', '127.0.0.4']);
    expect(loopbackSources(300).at(-1)).toBe('127.0.1.45');
    expect(sourcesFor(10, 10)).toBe(3);
    expect(sourcesFor(1, 1)).toBe(1);
  });

  it('sends request i from source i mod n at the offered rate, and counts the answers', async () => {
    // Linux routes all of 127/8 to lo; elsewhere the load test falls back to one address.
    if (!(await canBindLoopbackSources(url))) return expect(process.platform).not.toBe('linux');
    seen.length = 0;
    const run = fireFromSources(url, { path: '/' }, { rate: 20, seconds: 0.3, sources: loopbackSources(3) });
    const result = await run.done;
    expect(result).toMatchObject({ sent: 6, errors: 0, timeouts: 0, non2xx: 0, statuses: { 200: 6 } });
    expect(seen.filter((a) => a !== '127.0.0.1' && a !== '::ffff:127.0.0.1')).toHaveLength(6);
    expect(new Set(seen.map((a) => a.replace('::ffff:', '')))).toEqual(
      new Set(['127.0.0.2', '127.0.0.3', '127.0.0.4']),
    );
  });

  it('reports non-2xx answers by status and stops when asked', async () => {
    seen.length = 0;
    const run = fireFromSources(url, { path: '/limited' }, { rate: 10, seconds: 30, sources: [] });
    await new Promise((resolve) => setTimeout(resolve, 450));
    run.stop();
    const result = await run.done;
    expect(result.sent).toBeGreaterThanOrEqual(4);
    expect(result.sent).toBeLessThan(10);
    expect(result.statuses[200]).toBe(2);
    expect(result.non2xx).toBe(result.sent - 2);
    expect(result.statuses[429]).toBe(result.sent - 2);
  });
});
