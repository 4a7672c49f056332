import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database';
import { migrate } from '../db/migrate';
import { budgetParts, createShareRateLimiter } from './share-rate-limit';

// Each limiter below has its own connection to one database file: the view of one server process.
const dirs: string[] = [];
const dbs: Db[] = [];
function sharedFile(): () => Db {
  const dir = mkdtempSync(join(tmpdir(), 'pharmaradar-share-'));
  dirs.push(dir);
  return () => {
    const db = openDatabase(join(dir, 'test.db'));
    migrate(db);
    dbs.push(db);
    return db;
  };
}
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const WINDOW = 60_000;

describe('a rate limit counted in per-process shares', () => {
  it('never lets one key past its budget, whatever process each hit reaches, in any order', () => {
    for (const [max, processes] of [
      [3, 2],
      [30, 2],
      [30, 3],
      [7, 4],
      [100, 8],
    ] as const) {
      const open = sharedFile();
      const at = 5 * WINDOW + 10;
      const limiters = Array.from({ length: processes }, () =>
        createShareRateLimiter({ name: 'search', windowMs: WINDOW, max, processes, db: open(), now: () => at }),
      );
      let allowed = 0;
      // Round robin, then everything to one process, then random: the sum never passes the budget.
      for (let i = 0; i < max * 3; i++) if (limiters[i % processes]!.consume('1.2.3.4').allowed) allowed += 1;
      for (let i = 0; i < max; i++) if (limiters[0]!.consume('1.2.3.4').allowed) allowed += 1;
      expect(allowed, `${max}/${processes}`).toBeLessThanOrEqual(max);
      const { share, block } = budgetParts(max, processes);
      expect(allowed, `${max}/${processes}`).toBeGreaterThanOrEqual(max - (processes - 1) * (share + block - 1));
    }
  });

  it('gives one process the whole budget less what the others may hold, and opens a new window on the clock', () => {
    const open = sharedFile();
    let at = 2 * WINDOW + 59_000;
    const now = () => at;
    const a = createShareRateLimiter({ name: 'search', windowMs: WINDOW, max: 30, processes: 2, db: open(), now });
    createShareRateLimiter({ name: 'search', windowMs: WINDOW, max: 30, processes: 2, db: open(), now });
    const results = Array.from({ length: 40 }, () => a.consume('k'));
    // The idle process holds its share (7) unspent: 23 for the busy one.
    expect(results.filter((r) => r.allowed)).toHaveLength(23);
    expect(results[39]).toMatchObject({ allowed: false, limit: 30, remaining: 0, resetSeconds: 1 });
    at += 1000; // the next aligned window
    expect(a.consume('k')).toMatchObject({ allowed: true, resetSeconds: 60 });
  });

  it('writes nothing while a key stays within its process share', () => {
    const open = sharedFile();
    const db = open();
    const other = open();
    const limiter = createShareRateLimiter({ name: 'search', windowMs: WINDOW, max: 1_000, processes: 1, db });
    const version = () => other.pragma('data_version', { simple: true }) as number;
    const before = version();
    for (let i = 0; i < 400; i++) expect(limiter.consume(`client-${i % 4}`).allowed).toBe(true);
    expect(version()).toBe(before);
  });
});
