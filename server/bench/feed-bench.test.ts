import { describe, expect, it } from 'vitest';
import { formatFeedBench, runFeedBench } from './feed-bench';

// The feed benchmark at a reduced size: the same code path as `npm run bench`, so a change that
// breaks it fails here. Speeds are not asserted, only that every figure is measured.
describe('feed benchmark', () => {
  it('imports a generated feed and times searches answered from it against cached ones', async () => {
    const result = await runFeedBench({ items: 2000, searches: 10 });
    expect(result.items).toBe(2000);
    for (const value of Object.values(result)) expect(Number.isFinite(value) && value > 0).toBe(true);
    expect(formatFeedBench(result)).not.toMatch(/NaN|Infinity/);
  }, 25_000);
});
