import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { useCluster } from './cluster.test-support';
import { stopMain } from './main-process.test-support';
import { registerVerifiedAccount } from '../test/helpers/accounts';
import { createTestClient, type TestClient } from '../test/helpers/test-client';

/**
 * Several server processes write one SQLite file (ADR 177). A write that waits for another process's
 * lock must wait (busy timeout), never fail: every transaction that reads then writes takes the write
 * lock when it begins. Here every kind of write the API makes runs at once on three workers, each
 * request over its own connection so that node:cluster spreads them, and none may answer 503.
 */
const PROCESSES = '3';
const PASSWORD = 'Correct horse 42';

interface Answer {
  kind: string;
  status: number;
  text: string;
}

/** One request over a new connection, from `address` (X-Forwarded-For, read with TRUST_PROXY). */
function fresh(
  base: string,
  kind: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; address?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          Accept: 'application/json',
          Connection: 'close',
          ...(options.address ? { 'X-Forwarded-For': options.address } : {}),
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ kind, status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The session and CSRF headers of a logged-in test client, for requests over fresh connections. */
async function sessionHeaders(client: TestClient): Promise<Record<string, string>> {
  const token = await client.csrf();
  return { 'X-CSRFToken': token, Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
}

const group = (name: string) => ({
  kind: 'group',
  id: randomUUID(),
  updatedAt: Date.now(),
  deleted: false,
  data: { name, description: '', cnks: ['4487039'] },
});

describe(`WEB_CONCURRENCY=${PROCESSES}: concurrent writers of every kind`, () => {
  const cluster = useCluster({
    processes: PROCESSES,
    latencyMs: { farmaline: 0, medimarket: 0, multipharma: 0 },
    env: { TRUST_PROXY: 'true', SEARCH_RATE_LIMIT_PER_MIN: '100000' },
  });

  it('answers no request 503 and logs no SQLITE_BUSY', async () => {
    const outbox = join(cluster.spawned.dataDir, 'outbox');
    const pros = await Promise.all(
      [0, 1, 2, 3].map((i) => registerVerifiedAccount(cluster.base, outbox, `pro${i}@example.be`, PASSWORD)),
    );
    const db = openDatabase(join(cluster.spawned.dataDir, 'pharmaradar.db'));
    try {
      db.prepare("UPDATE users SET subscription_status = 'active' WHERE email LIKE 'pro%'").run();
    } finally {
      db.close();
    }
    const sessions = await Promise.all(pros.map((p) => sessionHeaders(p.client)));
    const anonymous = await sessionHeaders(createTestClient(cluster.base));

    const requests: Array<() => Promise<Answer>> = [];
    const address = (i: number) => `10.${Math.floor(i / 250) % 250}.${i % 250}.7`;
    let n = 0;
    for (let i = 0; i < 240; i++) {
      const headers = sessions[i % sessions.length]!;
      // Reads then writes: the device's change against the stored one, then the account's caps.
      requests.push(() =>
        fresh(cluster.base, 'sync', 'POST', '/api/groups/sync/', {
          headers,
          body: { since: 0, changes: [group(`g${i}`)] },
        }),
      );
    }
    for (let i = 0; i < 24; i++) {
      requests.push(() =>
        fresh(cluster.base, 'register', 'POST', '/api/auth/register/', {
          headers: anonymous,
          address: address(n++),
          body: {
            email: `new${i}@example.be`,
            password: PASSWORD,
            first_name: 'Anne',
            last_name: 'Peeters',
            is_pharmacist: false,
            accept_terms: true,
          },
        }),
      );
      requests.push(() =>
        fresh(cluster.base, 'login', 'POST', '/api/auth/login/', {
          headers: anonymous,
          address: address(n++),
          body: { username: pros[i % pros.length]!.email, password: PASSWORD },
        }),
      );
      requests.push(() =>
        fresh(cluster.base, 'failed login', 'POST', '/api/auth/login/', {
          headers: anonymous,
          address: address(n++),
          body: { username: `nobody${i}@example.be`, password: 'wrong password 1' },
        }),
      );
      requests.push(() =>
        fresh(cluster.base, 'contact', 'POST', '/api/contact/', {
          headers: anonymous,
          address: address(n++),
          body: { name: 'Jo', email: `jo${i}@example.be`, message: `message ${i}` },
        }),
      );
      requests.push(() =>
        fresh(cluster.base, 'alert', 'POST', '/api/alerts/create/', {
          headers: sessions[i % sessions.length]!,
          body: { cnk: '4487039', product_name: `Product ${i}`, kind: 'drop' },
        }),
      );
      requests.push(() =>
        fresh(cluster.base, 'profile', 'PATCH', '/api/auth/update-profile/', {
          headers: sessions[i % sessions.length]!,
          body: { first_name: ['Anne', 'Marie', 'Lieve', 'Sofie'][i % 4] },
        }),
      );
      requests.push(() =>
        fresh(cluster.base, 'search', 'GET', `/api/search/?q=${encodeURIComponent(`vichy ${i % 8}`)}`, {
          address: address(n++),
        }),
      );
    }
    // Interleaved, so that every kind overlaps with every other.
    const shuffled = requests.map((r, i) => ({ r, key: (i * 7919) % requests.length })).sort((a, b) => a.key - b.key);
    const answers = await Promise.all(shuffled.map(({ r }) => r()));

    const byKind = new Map<string, number[]>();
    for (const a of answers) byKind.set(a.kind, [...(byKind.get(a.kind) ?? []), a.status]);
    // 503 answers counted by kind of request: none.
    const unavailable: Record<string, number> = {};
    for (const a of answers) if (a.status === 503) unavailable[a.kind] = (unavailable[a.kind] ?? 0) + 1;
    expect(unavailable).toEqual({});
    expect(cluster.spawned.output()).not.toMatch(/SQLITE_BUSY|database is locked/);
    // Every write went through (a refusal would hide the contention this test is about).
    const expected: Record<string, number> = {
      sync: 200,
      register: 201,
      login: 200,
      'failed login': 400,
      contact: 201,
      alert: 201,
      profile: 200,
      search: 200,
    };
    for (const [kind, status] of Object.entries(expected)) {
      expect({ kind, statuses: [...new Set(byKind.get(kind))] }).toEqual({ kind, statuses: [status] });
    }
  }, 90_000);

  it('exits 0 on SIGTERM', async () => {
    await stopMain(cluster.spawned, 20_000);
    expect(await cluster.spawned.exit).toBe(0);
  }, 30_000);
});
