import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from './database';
import { migrate } from './migrate';
import { createLeases, withLease } from './leases.repository';

// Two connections to one file stand for two server processes (WEB_CONCURRENCY, ADR 177).
const dirs: string[] = [];
const dbs: Db[] = [];
function twoProcesses(): [Db, Db] {
  const dir = mkdtempSync(join(tmpdir(), 'pharmaradar-leases-'));
  dirs.push(dir);
  const file = join(dir, 'test.db');
  const first = openDatabase(file);
  migrate(first);
  const second = openDatabase(file);
  dbs.push(first, second);
  return [first, second];
}

afterEach(() => {
  for (const db of dbs.splice(0)) closeDatabase(db);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('leases shared by server processes', () => {
  it('lets one process hold a name until it releases it or the lease expires', () => {
    let clock = 1_000_000;
    const [a, b] = twoProcesses();
    const one = createLeases(a, () => clock);
    const other = createLeases(b, () => clock);
    expect(one.tryAcquire('webhook:cus_1', 1000)).toBe(true);
    expect(other.tryAcquire('webhook:cus_1', 1000)).toBe(false);
    expect(other.heldByAnother('webhook:cus_1')).toBe(true);
    one.release('webhook:cus_1');
    expect(other.tryAcquire('webhook:cus_1', 1000)).toBe(true);
    // The holder died without releasing: after the expiry another process takes over.
    clock += 1000;
    expect(one.tryAcquire('webhook:cus_1', 1000)).toBe(true);
  });

  it('runs the work of two processes one after the other, never together', async () => {
    const [a, b] = twoProcesses();
    const leases = [createLeases(a), createLeases(b)];
    const order: string[] = [];
    const work = (who: string) => async () => {
      order.push(`${who} starts`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push(`${who} ends`);
      return who;
    };
    const options = { ttlMs: 5000, maxWaitMs: 5000 };
    const results = await Promise.all([
      withLease(leases[0]!, 'webhook:cus_2', options, work('a')),
      withLease(leases[1]!, 'webhook:cus_2', options, work('b')),
    ]);
    expect(results).toEqual(['a', 'b']);
    expect(order).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });

  it('hands a waiting process what the holder produced instead of doing the work again', async () => {
    const [a, b] = twoProcesses();
    let cached: string | null = null;
    let calls = 0;
    const options = { ttlMs: 5000, maxWaitMs: 5000, readyMeanwhile: () => cached };
    const ask = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      cached = 'answer';
      return 'answer';
    };
    const results = await Promise.all([
      withLease(createLeases(a), 'search:farmaline|vichy', options, ask),
      withLease(createLeases(b), 'search:farmaline|vichy', options, ask),
    ]);
    expect(results).toEqual(['answer', 'answer']);
    expect(calls).toBe(1);
  });
});
