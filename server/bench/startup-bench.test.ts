import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { SERVER_DIST } from '../../scripts/server-build.mjs';
import { formatStartupBench, runStartupBench } from './startup-bench';

// The start-up bench of `npm run bench` at a reduced size, so it cannot silently break.
describe('start-up bench (tsx vs built)', () => {
  const distDir = join(SERVER_DIST, `.bench-test-${process.pid}`);
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  it('starts both ways, measures time and memory, and prints built ÷ tsx ratios', async () => {
    const report = await runStartupBench({ rounds: 1, searches: 2, distDir });
    for (const sample of [report.tsx, report.built]) {
      expect(sample.startMs).toBeGreaterThan(0);
      expect(sample.rssStartMb).toBeGreaterThan(10);
      expect(sample.rssSearchedMb).toBeGreaterThan(10);
    }
    const text = formatStartupBench(report);
    expect(text).toMatch(/\| start-up \(spawn → listening\) \| \d+ ms \| \d+ ms \| \d+\.\d\d \|/);
    expect(text).toMatch(/\| RSS after 2 searches \| \d+ MB \| \d+ MB \| \d+\.\d\d \|/);
  }, 120_000);
});
