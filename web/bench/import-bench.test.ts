// @vitest-environment node
// The import benchmark at a reduced size: the same code path as `npm run bench`, so a change that breaks
// the measurement fails here. Speeds are not asserted (they belong to the benchmark itself).
import { describe, expect, it } from 'vitest';
import { formatImportBench, runImportBench } from './import-bench';

describe('import benchmark', () => {
  it('parses every generated file completely and prints one line per file', () => {
    const rows = runImportBench([{ rows: 30, budgetMs: 1_000 }]);
    expect(rows.map((r) => [r.format, r.kept])).toEqual([
      ['xlsx', 30],
      ['csv', 30],
    ]);
    expect(rows.every((r) => Number.isFinite(r.parsedMs) && r.parsedMs >= 0)).toBe(true);
    const printed = formatImportBench(rows);
    expect(printed.split('\n').filter((l) => l.startsWith('| 30-row'))).toHaveLength(2);
    expect(printed).not.toMatch(/NaN|Infinity/);
  });
});
