import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { rateLimit, createRateLimiter } from './rate-limit';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const limitedRoute = { name: 'test', windowMs: 60_000, max: 3 };

async function start(env: Record<string, string> = {}) {
  server = await startTestServer(env, {
    extraRoutes: (app) => {
      app.get('/api/test-only/limited/', rateLimit(limitedRoute), (c) => c.json({ ok: true }));
    },
  });
  return createTestClient(server.url);
}

describe('rateLimit middleware', () => {
  it('counts per connection address: rotating X-Forwarded-For from one socket still gets 429', async () => {
    const client = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await client.get('/api/test-only/limited/', {
        headers: { 'X-Forwarded-For': `203.0.113.${i}`, 'X-Real-IP': `198.51.100.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('answers 429 rate_limited, translated, with Retry-After and RateLimit headers', async () => {
    const client = await start();
    const first = await client.get('/api/test-only/limited/');
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    await client.get('/api/test-only/limited/');
    await client.get('/api/test-only/limited/');
    const refused = await client.get('/api/test-only/limited/', { lang: 'nl' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'rate_limited', detail: 'Te veel pogingen. Probeer het later opnieuw.' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-policy')).toBe('3;w=60');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('with TRUST_PROXY keys on the hop the proxy appended (last X-Forwarded-For entry)', async () => {
    const client = await start({ TRUST_PROXY: 'true' });
    const status = async (xff: string) =>
      (await client.get('/api/test-only/limited/', { headers: { 'X-Forwarded-For': xff } })).status;
    // The client controls the first entries; the proxy appends the real address last.
    for (let i = 0; i < 3; i++) expect(await status(`10.0.0.${i}, 192.0.2.7`)).toBe(200);
    expect(await status('10.9.9.9, 192.0.2.7')).toBe(429);
    expect(await status('192.0.2.8')).toBe(200);
  });
});

describe('createRateLimiter', () => {
  it('opens a new window after windowMs', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ name: 't', windowMs: 10_000, max: 2, now: () => now });
    expect(limiter.consume('k').allowed).toBe(true);
    expect(limiter.consume('k').allowed).toBe(true);
    const refused = limiter.consume('k');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 10 });
    expect(limiter.consume('other').allowed).toBe(true);
    now += 10_000;
    expect(limiter.consume('k')).toMatchObject({ allowed: true, remaining: 1 });
    limiter.consume('k');
    limiter.reset('k');
    expect(limiter.consume('k').allowed).toBe(true);
  });
});
