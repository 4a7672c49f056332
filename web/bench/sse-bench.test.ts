// @vitest-environment node
// The SSE benchmark at a reduced size: the same code path as `npm run bench`. Both parsers must read
// every event of the generated stream; speeds are not asserted (they belong to the benchmark itself).
import { describe, expect, it } from 'vitest';
import { formatSseBench, runSseBench, sseStream } from './sse-bench';

describe('SSE parse benchmark', () => {
  it('generates a stream of the asked size that both parsers read completely, and prints the ratio', () => {
    expect(new TextEncoder().encode(sseStream(478_000)).length).toBeGreaterThanOrEqual(478_000);
    const bench = runSseBench(20_000, 1);
    const [app, former] = bench.rows;
    expect(app!.events).toBeGreaterThan(10);
    expect(former!.events).toBe(app!.events);
    const printed = formatSseBench(bench);
    expect(printed).toMatch(/Ratio: the former per-character parser takes \d+\.\dx the time/);
    expect(printed).not.toMatch(/NaN|Infinity/);
  });
});
