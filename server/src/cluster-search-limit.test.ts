import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useCluster } from './cluster.test-support';
import { budgetParts } from './lib/share-rate-limit';

/**
 * The search limit across processes (ADR 239): each of the two workers spends its share from memory
 * and claims the rest from the shared pool, so one client, whichever worker each request reaches,
 * never gets more than its budget in a window, and is refused at most a stated number of hits early.
 */
const BUDGET = 20;
const PROCESSES = 2;

/** One search over a new connection (node:cluster hands connections to the workers in turn). */
function search(base: string, client: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/search/?q=vichy`,
      {
        agent: false,
        headers: { Accept: 'application/json', Connection: 'close', 'X-Forwarded-For': client },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe(`WEB_CONCURRENCY=${PROCESSES}: the search limit`, () => {
  const cluster = useCluster({
    processes: String(PROCESSES),
    latencyMs: { farmaline: 0, medimarket: 0, multipharma: 0 },
    env: { TRUST_PROXY: 'true', SEARCH_RATE_LIMIT_PER_MIN: String(BUDGET) },
  });

  it('lets one client through at most its budget per minute, whichever worker answers', async () => {
    // Windows are aligned on the clock: start early in one, so every request below falls in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET * 3; i++) statuses.push(await search(cluster.base, '203.0.113.9'));
    const allowed = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(allowed).toBeLessThanOrEqual(BUDGET);
    const { share, block } = budgetParts(BUDGET, PROCESSES);
    expect(allowed).toBeGreaterThanOrEqual(BUDGET - (PROCESSES - 1) * (share + block - 1));
    // Another client has its own budget.
    expect(await search(cluster.base, '203.0.113.10')).toBe(200);
  }, 120_000);
});
