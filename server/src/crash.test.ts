import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from './db/sqlite-driver';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyQuery } from '@pharmaradar/shared/cnk';
import { searchResultSchema, type SearchResult } from '@pharmaradar/shared/search.schema';
import { getDemoCatalogue } from './demo/catalogue';
import { cleanupSpawned, spawnMain, waitForUrl } from './main-process.test-support';
import { DATABASE_FILE_NAME } from './server';

afterEach(cleanupSpawned);

// Bounds of the write load: the process is killed once KILL_AFTER searches are acknowledged, or at
// the deadline, whichever comes first; no worker starts more than MAX_REQUESTS in all.
const WORKERS = 6;
const KILL_AFTER = 60;
const MAX_REQUESTS = 400;
const DEADLINE_MS = 8_000;

const ENV = {
  SEARCH_RATE_LIMIT_PER_MIN: '1000000',
  DEMO_LATENCY_MS: 'farmaline:5,medimarket:5,multipharma:5',
};

interface Acknowledged {
  cnk: string;
  result: SearchResult;
}

/**
 * Crash test (docs/security.md#sqlite-durability-backups-and-purge): each fresh search writes one cache row per
 * answering shop and the products it saw, committed before the 200 goes out. kill -9 the server while searches are in
 * flight; every search answered 200 before the kill must be found in the database file afterwards.
 */
describe('kill -9 under write load', () => {
  it('leaves an intact database holding every acknowledged write', async () => {
    const spawned = spawnMain(ENV);
    const url = await waitForUrl(spawned);
    // Distinct CNKs: never served from the cache, so every answer is a write.
    const cnks = getDemoCatalogue()
      .map((p) => p.cnk)
      .slice(0, MAX_REQUESTS);
    expect(cnks.length).toBeGreaterThan(KILL_AFTER + WORKERS);

    const acknowledged: Acknowledged[] = [];
    let next = 0;
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      inFlightAtKill = inFlight;
      spawned.child.kill('SIGKILL');
    };
    const deadline = setTimeout(kill, DEADLINE_MS);
    const worker = async () => {
      while (!killed && next < cnks.length) {
        const cnk = cnks[next++]!;
        inFlight += 1;
        try {
          const res = await fetch(`${url}/api/search/?q=${cnk}`, { headers: { Accept: 'application/json' } });
          // Acknowledged = a 2xx whose whole body arrived before the kill.
          const body: unknown = await res.json();
          if (!res.ok) throw new Error(`search answered ${res.status}: ${JSON.stringify(body)}`);
          acknowledged.push({ cnk, result: searchResultSchema.parse(body) });
        } catch (error) {
          if (!killed) throw error;
          return;
        } finally {
          inFlight -= 1;
        }
        if (acknowledged.length >= KILL_AFTER) kill();
      }
    };
    try {
      await Promise.all(Array.from({ length: WORKERS }, worker));
    } finally {
      clearTimeout(deadline);
      kill();
    }
    await spawned.exit;
    expect(spawned.child.signalCode).toBe('SIGKILL');
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(0);

    const file = join(spawned.dataDir, DATABASE_FILE_NAME);
    // Killed without a checkpoint: recovery has to replay the write-ahead log.
    expect(existsSync(`${file}-wal`)).toBe(true);
    const db = new Database(file);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const cacheRow = db.prepare<[string, string], { status: string }>(
        'SELECT status FROM search_cache WHERE retailer = ? AND query_key = ?',
      );
      const product = db.prepare<[string], { cnk: string }>('SELECT cnk FROM products WHERE cnk = ?');
      let writesChecked = 0;
      for (const { cnk, result } of acknowledged) {
        const query = classifyQuery(cnk);
        for (const retailer of result.retailers) {
          if (retailer.status !== 'ok' && retailer.status !== 'empty') continue;
          // A shop's answer is cached whole; the catalogue's verdict, applied after the cache, may leave
          // nothing of it to show (ADR 157): an 'empty' answer may sit on an 'ok' row, never on no row.
          const row = cacheRow.get(retailer.id, `${query.kind}:${query.value}`);
          expect(row, `${retailer.id} ${cnk}`).toBeDefined();
          if (retailer.status === 'ok') expect(row, `${retailer.id} ${cnk}`).toEqual({ status: 'ok' });
          writesChecked += 1;
        }
        for (const p of result.products) {
          if (!p.cnk) continue;
          expect(product.get(p.cnk), `product ${p.cnk}`).toEqual({ cnk: p.cnk });
          writesChecked += 1;
        }
      }
      expect(writesChecked).toBeGreaterThanOrEqual(acknowledged.length);
      // The lookups can tell a missing write: a CNK no worker got to has no row.
      const untouched = cnks[next];
      if (untouched) expect(product.get(untouched)).toBeUndefined();
    } finally {
      db.close();
    }

    // And the service comes back on the same data, answering an acknowledged search from the cache.
    const restarted = spawnMain(ENV, { dataDir: spawned.dataDir });
    const again = await waitForUrl(restarted);
    expect((await fetch(`${again}/api/health/`)).status).toBe(200);
    const first = acknowledged[0]!;
    const replay = await fetch(`${again}/api/search/?q=${first.cnk}`, { headers: { Accept: 'application/json' } });
    expect(replay.status).toBe(200);
    const replayed = searchResultSchema.parse(await replay.json());
    if (first.result.retailers.every((r) => r.status === 'ok' || r.status === 'empty')) {
      expect(replayed.cached).toBe(true);
    }
    restarted.child.kill('SIGTERM');
    expect(await restarted.exit).toBe(0);
  }, 60_000); // two cold server starts; generous so a loaded CI machine does not time it out
});
