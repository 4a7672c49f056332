import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import Database from './db/sqlite-driver';
import { afterAll, describe, expect, it } from 'vitest';
import { useCluster } from './cluster.test-support';
import { cleanupSpawned, spawnMain, stopMain, waitForOutput, waitForUrl } from './main-process.test-support';
import { createTestClient } from '../test/helpers/test-client';

/**
 * WEB_CONCURRENCY=2 (ADR 177): two server processes on one port. Every request below goes over a new
 * connection, so node:cluster hands them to the two workers in turn: a limit kept in one process's
 * memory would allow twice its budget.
 */
function fresh(
  url: string,
  method: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: {
          Accept: 'application/json',
          Connection: 'close',
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A CSRF token and the cookie it pairs with, for POSTs sent over fresh connections. */
async function csrfHeaders(base: string): Promise<Record<string, string>> {
  const client = createTestClient(base);
  const token = await client.csrf();
  return { 'X-CSRFToken': token, Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('WEB_CONCURRENCY=2', () => {
  // Slow shops, so identical searches sent together overlap on both workers.
  const cluster = useCluster({
    processes: '2',
    latencyMs: { farmaline: 1500, medimarket: 1500, multipharma: 1500 },
    env: { SEARCH_RATE_LIMIT_PER_MIN: '1000' },
  });

  it('starts two workers behind one URL and runs the repeating jobs in one of them', () => {
    const output = cluster.spawned.output();
    expect(output).toMatch(/PharmaRadar listening url=\S+ .*processes=2/);
    expect(output.match(/worker listening/g)).toHaveLength(2);
    // Each job's first run happens once, not once per worker.
    expect(output.match(/purge done/g)).toHaveLength(1);
    expect(output.match(/backup done/g)).toHaveLength(1);
    expect(readdirSync(join(cluster.spawned.dataDir, 'backups')).filter((f) => f.endsWith('.db'))).toHaveLength(1);
  });

  it('keeps the login delay of one account across both workers', async () => {
    const headers = await csrfHeaders(cluster.base);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fresh(`${cluster.base}/api/auth/login/`, 'POST', headers, {
        username: 'victim@example.be',
        password: `guess ${i}`,
      });
      statuses.push(res.status);
    }
    // Ten free failures for the account from this address, then refused, whichever worker answers.
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
  }, 60_000);

  it('counts a per-connection rate limit once across both workers', async () => {
    const headers = await csrfHeaders(cluster.base);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fresh(`${cluster.base}/api/contact/`, 'POST', headers, {
        name: 'Jo',
        email: 'jo@example.be',
        message: `message ${i}`,
      });
      statuses.push(res.status);
    }
    // Five per ten minutes: twice the limit never all goes through.
    expect(count(statuses, 201)).toBe(5);
    expect(count(statuses, 429)).toBe(5);
  }, 60_000);

  it('makes one upstream request per shop for 20 identical concurrent searches on both workers', async () => {
    cluster.shops.reset();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => fresh(`${cluster.base}/api/search/?q=vichy`, 'GET')),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(cluster.shops.counts()).toEqual({
      farmaline: 1,
      medimarket: 1,
      'medimarket-pharmacy': 1,
      multipharma: 1,
      newpharma: 0,
    });
    const bodies = results.map((r) => JSON.parse(r.text) as { products: unknown[]; retailers: { status: string }[] });
    for (const body of bodies) {
      expect(body.retailers.every((r) => r.status === 'ok')).toBe(true);
      expect(body.products).toEqual(bodies[0]!.products);
    }
  }, 60_000);

  it('starts another worker when one dies, and keeps serving meanwhile', async () => {
    const pids = [...cluster.spawned.output().matchAll(/worker listening .*pid=(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    process.kill(pids[1]!, 'SIGKILL');
    await waitForOutput(cluster.spawned, /worker died, starting another/);
    expect((await fresh(`${cluster.base}/api/health/`, 'GET')).status).toBe(200);
    await waitForOutput(cluster.spawned, /(worker listening[^\n]*\n[\s\S]*){3}/);
    for (let i = 0; i < 4; i++) expect((await fresh(`${cluster.base}/api/health/`, 'GET')).status).toBe(200);
  }, 60_000);

  it('exits 0 on SIGTERM once both workers drained, every acknowledged write kept', async () => {
    await stopMain(cluster.spawned, 20_000);
    expect(await cluster.spawned.exit).toBe(0);
    // The primary and the two workers alive now.
    expect(cluster.spawned.output().match(/\bstopped\b/g)).toHaveLength(3);
    const db = new Database(join(cluster.spawned.dataDir, 'pharmaradar.db'), { readonly: true });
    try {
      // The five contact messages answered 201 above, whichever worker wrote them.
      expect(db.prepare('SELECT count(*) AS n FROM contact_messages').get()).toEqual({ n: 5 });
    } finally {
      db.close();
    }
  }, 60_000);
});

describe('WEB_CONCURRENCY=2 with the Stripe look-alike', () => {
  afterAll(cleanupSpawned);

  it('stays at one process and says why: the look-alike keeps its state in one process', async () => {
    const spawned = spawnMain({ WEB_CONCURRENCY: '2' });
    await waitForUrl(spawned);
    const output = spawned.output();
    expect(output).toMatch(/WEB_CONCURRENCY ignored: one process reason="the Stripe look-alike/);
    expect(output).not.toMatch(/worker listening|processes=2/);
    await stopMain(spawned, 20_000);
    expect(await spawned.exit).toBe(0);
  }, 60_000);
});
