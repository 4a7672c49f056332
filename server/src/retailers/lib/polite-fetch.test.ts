import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetailerError } from '../types';
import { createPoliteFetcher, DEFAULT_USER_AGENT, type PoliteFetcherOptions } from './polite-fetch';
import { startLoopbackServer, type LoopbackServer } from '../../../test/fakes/http-server';

const servers: LoopbackServer[] = [];
const closers: Array<() => void> = [];
afterEach(async () => {
  closers.splice(0).forEach((c) => c());
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(handler: Parameters<typeof startLoopbackServer>[0]) {
  const s = await startLoopbackServer(handler);
  servers.push(s);
  return s;
}

function fetcher(bases: string[], extra: Partial<PoliteFetcherOptions> = {}) {
  const f = createPoliteFetcher({ allowedBaseUrls: bases, timeoutMs: 5000, allowPrivateHosts: true, ...extra });
  closers.push(() => f.close());
  return f;
}

async function failure(promise: Promise<unknown>): Promise<RetailerError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RetailerError) return err;
    throw err;
  }
  throw new Error('expected a RetailerError');
}

const never = new AbortController().signal;

describe('polite fetcher', () => {
  it('identifies itself and returns the page text', async () => {
    const s = await server((req, res) =>
      res.end(`ua=${req.headers['user-agent']} lang=${req.headers['accept-language']}`),
    );
    const page = await fetcher([s.url]).get(`${s.url}/fr/search?q=a`, never);
    expect(page.status).toBe(200);
    expect(page.body).toBe(`ua=${DEFAULT_USER_AGENT} lang=fr-BE,fr;q=0.9,nl-BE;q=0.8,en;q=0.5`);
  });

  it('decompresses gzip bodies', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html; charset=utf-8' });
      res.end(gzipSync('<p>Crème 12,99 €</p>'));
    });
    expect((await fetcher([s.url]).get(s.url, never)).body).toBe('<p>Crème 12,99 €</p>');
  });

  it('follows up to 3 redirects on the same host and refuses a 4th', async () => {
    const s = await server((req, res) => {
      const hop = Number(new URL(req.url!, 'http://x').searchParams.get('hop') ?? 0);
      if (req.url!.startsWith('/loop') || hop < 3) {
        res.writeHead(302, { location: `${req.url!.startsWith('/loop') ? '/loop' : '/'}?hop=${hop + 1}` }).end();
      } else res.end(`arrived after ${hop}`);
    });
    const f = fetcher([s.url]);
    const page = await f.get(`${s.url}/?hop=0`, never);
    expect(page.body).toBe('arrived after 3');
    expect(page.url).toBe(`${s.url}/?hop=3`);
    const err = await failure(f.get(`${s.url}/loop`, never));
    expect(err.kind).toBe('error');
    expect(err.message).toMatch(/too many redirects/);
  });

  it('refuses a redirect to another host without connecting to it', async () => {
    const other = await server((_req, res) => res.end('other'));
    const s = await server((_req, res) => res.writeHead(302, { location: `${other.url}/steal` }).end());
    const err = await failure(fetcher([s.url]).get(s.url, never));
    expect(err.kind).toBe('error');
    expect(err.message).toMatch(/refused/);
    expect(other.connections()).toBe(0);
  });

  it('refuses a redirect to a private address or another scheme', async () => {
    let target = 'http://10.0.0.1/';
    const s = await server((_req, res) => res.writeHead(301, { location: target }).end());
    const f = fetcher([s.url]);
    expect((await failure(f.get(s.url, never))).message).toMatch(/refused/);
    target = 'file:///etc/passwd';
    expect((await failure(f.get(s.url, never))).message).toMatch(/refused: protocol file:/);
  });

  it('stops reading past the size cap (declared or streamed, compressed or not)', async () => {
    const big = Buffer.alloc(64 * 1024, 'a');
    const s = await server((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': String(10 * big.length) });
        for (let i = 0; i < 10; i++) res.write(big);
        res.end();
      } else if (req.url === '/bomb') {
        res.writeHead(200, { 'content-encoding': 'gzip' });
        res.end(gzipSync(Buffer.alloc(1024 * 1024)));
      } else {
        res.writeHead(200);
        const push = () => (res.destroyed ? undefined : res.write(big) ? setImmediate(push) : res.once('drain', push));
        push();
      }
    });
    const f = fetcher([s.url], { maxBytes: 100 * 1024 });
    for (const path of ['/declared', '/streamed', '/bomb']) {
      const err = await failure(f.get(`${s.url}${path}`, never));
      expect(err.kind, path).toBe('error');
      expect(err.message, path).toMatch(/larger than/);
    }
  });

  it('reports timeout when the shop does not answer in time, and error when the caller gives up', async () => {
    const s = await server(() => {
      /* never answers */
    });
    expect((await failure(fetcher([s.url], { timeoutMs: 150 }).get(s.url, never))).kind).toBe('timeout');
    expect((await failure(fetcher([s.url]).get(s.url, AbortSignal.timeout(150)))).kind).toBe('timeout');
    const caller = new AbortController();
    const pending = fetcher([s.url]).get(s.url, caller.signal);
    setTimeout(() => caller.abort(), 50);
    expect((await failure(pending)).kind).toBe('error');
  });

  it('treats 429/403 as blocked, then cools the host down (Retry-After honoured) without asking again', async () => {
    let status = 429;
    let clock = 1_000_000;
    const s = await server((_req, res) => {
      if (status === 200) return void res.end('ok');
      res.writeHead(status, status === 429 ? { 'retry-after': '120' } : {}).end('blocked');
    });
    const f = fetcher([s.url], { now: () => clock, defaultCooldownMs: 60_000 });
    expect((await failure(f.get(s.url, never))).kind).toBe('blocked');
    expect((await failure(f.get(s.url, never))).kind).toBe('blocked');
    expect(s.requests).toHaveLength(1);
    status = 200;
    clock += 119_000;
    expect((await failure(f.get(s.url, never))).message).toMatch(/cooling down/);
    clock += 2_000;
    expect((await f.get(s.url, never)).body).toBe('ok');
    status = 403;
    expect((await failure(f.get(s.url, never))).kind).toBe('blocked');
    clock += 59_000;
    expect((await failure(f.get(s.url, never))).kind).toBe('blocked');
    expect(s.requests).toHaveLength(3);
  });

  it('reports 5xx as error and passes 404 through for the parser to judge', async () => {
    let status = 503;
    const s = await server((_req, res) => res.writeHead(status).end('x'));
    const f = fetcher([s.url]);
    expect((await failure(f.get(s.url, never))).message).toMatch(/HTTP 503/);
    status = 404;
    expect((await f.get(s.url, never)).status).toBe(404);
  });

  it('keeps at most 2 requests in flight per host', async () => {
    let active = 0;
    let peak = 0;
    const s = await server((_req, res) => {
      active++;
      peak = Math.max(peak, active);
      setTimeout(() => {
        active--;
        res.end('ok');
      }, 30);
    });
    const f = fetcher([s.url]);
    await Promise.all(Array.from({ length: 6 }, (_, i) => f.get(`${s.url}/?i=${i}`, never)));
    expect(s.requests).toHaveLength(6);
    expect(peak).toBe(2);
  });

  it('never sends a request whose caller gives up while it waits for a slot, and frees no slot for it', async () => {
    const held: Array<() => void> = [];
    const s = await server((_req, res) => held.push(() => res.end('ok')));
    const f = fetcher([s.url]);
    const busy = [f.get(`${s.url}/?i=0`, never), f.get(`${s.url}/?i=1`, never)];
    const caller = new AbortController();
    const waiting = f.get(`${s.url}/?i=gave-up`, caller.signal);
    const next = f.get(`${s.url}/?i=2`, never);
    await vi.waitFor(() => expect(held).toHaveLength(2));
    caller.abort();
    expect((await failure(waiting)).kind).toBe('error');
    held.shift()!();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    // Still two in flight (i=1 and i=2): the request that gave up took no slot and left none behind.
    expect(s.requests.map((r) => r.url)).toEqual(['/?i=0', '/?i=1', '/?i=2']);
    held.splice(0).forEach((answer) => answer());
    expect(await Promise.all([...busy, next].map(async (p) => (await p).status))).toEqual([200, 200, 200]);
  });
});
