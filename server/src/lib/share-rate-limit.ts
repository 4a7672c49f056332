import type { Db } from '../db/database';
import { lightWrite } from '../db/light-write';
import { writeTransaction } from '../db/write-transaction';
import type { LimitResult, RateLimiter } from './rate-limit';

export interface ShareRateLimiterOptions {
  name: string;
  windowMs: number;
  max: number;
  /** Server processes counting against the same budget (WEB_CONCURRENCY). */
  processes: number;
  db: Db;
  now?: () => number;
}

/** Past this many keys in memory, the closed windows are dropped. */
const SWEEP_THRESHOLD = 10_000;

/**
 * The parts of one key's budget in one window: each process may spend `share` without asking anyone;
 * the rest (`pool`) is claimed from the database in blocks, by whichever process needs it.
 */
export function budgetParts(max: number, processes: number) {
  const share = Math.floor(max / (2 * processes));
  const pool = max - share * processes;
  return { share, pool, block: Math.max(1, Math.ceil(pool / (4 * processes))) };
}

interface Held {
  /** End of the aligned window these counts belong to. */
  end: number;
  used: number;
  /** The share plus the tokens claimed from the pool so far. */
  allowance: number;
  /** Pool tokens no process had claimed at this process's last claim. */
  poolLeft: number;
}

/**
 * A rate limit for a hot path shared by several processes (ADR 239): no SQLite write on a request
 * that stays within its process's share. Windows are aligned on the clock (window = floor(now /
 * windowMs)), so every process agrees on them without talking. Within one window a key spends at
 * most `share` per process from memory and, beyond it, tokens claimed from the shared pool in one
 * short write per block; the shares and the pool add up to `max`, so the sum over processes never
 * exceeds the budget (a process restarted within a window brings one more share). A process may hold
 * unspent claimed tokens, so a client moving between processes may be refused up to
 * (processes − 1) × (share + block − 1) hits early.
 */
export function createShareRateLimiter({
  name,
  windowMs,
  max,
  processes,
  db,
  now = Date.now,
}: ShareRateLimiterOptions): RateLimiter {
  const { share, pool, block } = budgetParts(max, processes);
  const held = new Map<string, Held>();
  const read = db.prepare<[string, string], { count: number; reset_at: number }>(
    'SELECT count, reset_at FROM rate_limit_windows WHERE name = ? AND key = ?',
  );
  const write = db.prepare<[string, string, number, number]>(
    `INSERT INTO rate_limit_windows (name, key, count, reset_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (name, key) DO UPDATE SET count = excluded.count, reset_at = excluded.reset_at`,
  );
  const forget = db.prepare<[string, string]>('DELETE FROM rate_limit_windows WHERE name = ? AND key = ?');
  const sweepRows = db.prepare<[string, number]>('DELETE FROM rate_limit_windows WHERE name = ? AND reset_at <= ?');
  let claims = 0;

  /** Takes up to `want` pool tokens of `key`'s window ending at `end`; answers those granted and what is left. */
  const claimTx = writeTransaction(db, (key: string, end: number, want: number, at: number) => {
    if (++claims % 1000 === 0) sweepRows.run(name, at);
    const row = read.get(name, key);
    // A row of a later window means this process's clock is behind: it grants nothing until it catches up.
    if (row && row.reset_at > end) return { granted: 0, left: 0 };
    const spent = row && row.reset_at === end ? row.count : 0;
    const granted = Math.min(want, pool - spent);
    if (granted > 0) write.run(name, key, spent + granted, end);
    return { granted: Math.max(0, granted), left: Math.max(0, pool - spent - Math.max(0, granted)) };
  });

  const answer = (entry: Held, allowed: boolean, at: number): LimitResult => ({
    allowed,
    limit: max,
    remaining: Math.max(0, entry.allowance - entry.used) + entry.poolLeft,
    resetSeconds: Math.max(1, Math.ceil((entry.end - at) / 1000)),
  });

  return {
    name,
    consume(key) {
      const at = now();
      const end = (Math.floor(at / windowMs) + 1) * windowMs;
      let entry = held.get(key);
      if (!entry || entry.end !== end) {
        if (held.size >= SWEEP_THRESHOLD) for (const [k, e] of held) if (e.end <= at) held.delete(k);
        entry = { end, used: 0, allowance: share, poolLeft: pool };
        held.set(key, entry);
      }
      if (entry.used >= entry.allowance) {
        if (entry.poolLeft === 0) return answer(entry, false, at);
        const { granted, left } = lightWrite(db, () => claimTx(key, end, block, at));
        entry.allowance += granted;
        entry.poolLeft = left;
        if (granted === 0) return answer(entry, false, at);
      }
      entry.used += 1;
      return answer(entry, true, at);
    },
    reset(key) {
      held.delete(key);
      lightWrite(db, () => forget.run(name, key));
    },
  };
}
