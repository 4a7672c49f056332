import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetailerError } from '../types';
import { validateBaseUrl } from './fetch-address-policy';
import { createPoliteFetcher } from './polite-fetch';
import type { Resolver } from './resolver';
import { startLoopbackServer, type LoopbackServer } from '../../../test/fakes/http-server';

// Live mode (allowPrivateHosts=false): every non-public target is refused before a socket reaches it.
let v4: LoopbackServer;
let v6: LoopbackServer | null = null;
beforeAll(async () => {
  v4 = await startLoopbackServer((_req, res) => res.end('secret'));
  v6 = await startLoopbackServer((_req, res) => res.end('secret'), '::1').catch(() => null);
});
afterAll(async () => {
  await v4.close();
  await v6?.close();
});

const never = new AbortController().signal;
const connections = () => v4.connections() + (v6?.connections() ?? 0);

async function refusal(base: string, resolve?: Resolver, path = '/'): Promise<RetailerError> {
  const f = createPoliteFetcher({
    allowedBaseUrls: [base],
    timeoutMs: 3000,
    allowPrivateHosts: false,
    ...(resolve ? { resolve } : {}),
  });
  try {
    await f.get(new URL(path, base).href, never);
  } catch (err) {
    if (err instanceof RetailerError) return err;
    throw err;
  } finally {
    f.close();
  }
  throw new Error(`${base} was fetched`);
}

describe('SSRF guard (live mode)', () => {
  const targets: Array<[label: string, base: () => string]> = [
    ['127.0.0.1', () => v4.url],
    ['[::1]', () => `http://[::1]:${v6?.port ?? v4.port}`],
    ['2130706433 (decimal)', () => `http://2130706433:${v4.port}`],
    ['0177.0.0.1 (octal)', () => `http://0177.0.0.1:${v4.port}`],
    ['0x7f.1 (hex, short)', () => `http://0x7f.1:${v4.port}`],
    ['[::ffff:127.0.0.1] (IPv4-mapped)', () => `http://[::ffff:127.0.0.1]:${v4.port}`],
    ['169.254.169.254 (metadata)', () => 'http://169.254.169.254'],
    ['10.0.0.1', () => 'http://10.0.0.1'],
    ['0.0.0.0', () => 'http://0.0.0.0'],
    ['localhost (resolves to loopback)', () => `http://localhost:${v4.port}`],
  ];
  it.each(targets)('refuses %s without a socket', async (_label, base) => {
    const before = connections();
    const err = await refusal(base());
    expect(err.kind).toBe('error');
    expect(err.message).toMatch(/refused/);
    expect(connections()).toBe(before);
  });

  it('refuses a host whose DNS answer contains any private address, checked at connect time', async () => {
    let calls = 0;
    const mixed: Resolver = async () => {
      calls++;
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ];
    };
    expect((await refusal(`http://shop.example:${v4.port}`, mixed)).message).toMatch(/non-public/);
    expect((await refusal(`http://shop.example:${v4.port}`, mixed)).message).toMatch(/non-public/);
    expect(calls).toBe(2); // no cached answer: a rebinding DNS cannot slip a second answer past the check
    const mapped: Resolver = async () => [{ address: '::ffff:127.0.0.1', family: 6 }];
    expect((await refusal(`http://shop.example:${v4.port}`, mapped)).message).toMatch(/non-public/);
    expect(v4.requests).toHaveLength(0);
  });

  it('connects through the checked lookup when private hosts are allowed (demo mode)', async () => {
    const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const f = createPoliteFetcher({
      allowedBaseUrls: [`http://shop.example:${v4.port}`],
      timeoutMs: 3000,
      allowPrivateHosts: true,
      resolve: toLoopback,
    });
    expect((await f.get(`http://shop.example:${v4.port}/`, never)).body).toBe('secret');
    f.close();
  });

  it('only fetches the configured origin: other ports (e.g. :22), hosts and schemes are refused', async () => {
    const f = createPoliteFetcher({
      allowedBaseUrls: ['https://www.farmaline.be'],
      timeoutMs: 3000,
      allowPrivateHosts: false,
    });
    for (const url of [
      'https://www.farmaline.be:22/',
      'http://www.farmaline.be/',
      'https://evil.example/',
      'file:///etc/passwd',
      'gopher://www.farmaline.be/',
    ]) {
      await expect(f.get(url, never), url).rejects.toMatchObject({
        kind: 'error',
        message: expect.stringMatching(/refused/),
      });
    }
    f.close();
  });

  it('rejects non-http base URLs and credentials at configuration time', () => {
    expect(() => validateBaseUrl('file:///etc/passwd')).toThrow(/http/);
    expect(() => validateBaseUrl('gopher://127.0.0.1:70/')).toThrow(/http/);
    expect(() => validateBaseUrl('https://user:pw@www.farmaline.be')).toThrow(/credentials/);
    expect(() => validateBaseUrl('not a url')).toThrow(/invalid/);
  });
});
