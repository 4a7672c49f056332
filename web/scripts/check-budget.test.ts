// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBudget, formatBudget, staticClosure } from './check-budget.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * A built app in miniature: the entry imports a vendor chunk, the home route imports a shared chunk,
 * and a dynamically imported chunk (loaded on use) is the biggest of all. Random bytes do not
 * compress, so each file weighs on the wire what it weighs on disk.
 */
function fixture(sizes: { entry: number; vendor: number; home: number; shared: number; lazy: number }): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'));
  const file = (name: string, bytes: number) => writeFileSync(path.join(dir, 'assets', name), randomBytes(bytes));
  file('index.js', sizes.entry);
  file('vendor.js', sizes.vendor);
  file('home.page.js', sizes.home);
  file('shared.js', sizes.shared);
  file('lazy.js', sizes.lazy);
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: ['src/app/pages/home.page.tsx', 'src/lazy.ts'],
      css: ['assets/index.css'],
    },
    '_vendor.js': { file: 'assets/vendor.js' },
    'src/app/pages/home.page.tsx': { file: 'assets/home.page.js', imports: ['_shared.js', '_vendor.js'] },
    '_shared.js': { file: 'assets/shared.js', imports: ['index.html'] },
    'src/lazy.ts': { file: 'assets/lazy.js', imports: ['_vendor.js'] },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('home page JS budget', () => {
  it('counts the entry, the home route and their static imports once each, never dynamic imports', () => {
    const dir = fixture({ entry: 1000, vendor: 1000, home: 1000, shared: 1000, lazy: 1000 });
    const report = checkBudget(dir, 150);
    expect(report.files.map((f) => f.file).sort()).toEqual([
      'assets/home.page.js',
      'assets/index.js',
      'assets/shared.js',
      'assets/vendor.js',
    ]);
  });

  it('passes under the budget and fails over it, on compressed sizes', () => {
    const under = checkBudget(fixture({ entry: 60_000, vendor: 40_000, home: 20_000, shared: 10_000, lazy: 500_000 }));
    expect(under.ok).toBe(true);
    expect(under.totals.br).toBeGreaterThan(130_000);
    expect(formatBudget(under)).toMatch(/JS budget: OK/);

    const over = checkBudget(fixture({ entry: 60_000, vendor: 60_000, home: 20_000, shared: 20_000, lazy: 0 }));
    expect(over.ok).toBe(false);
    expect(over.totals.br).toBeGreaterThan(150_000);
    expect(formatBudget(over)).toMatch(/JS budget: OVER/);
  });

  it('fails when the gzip total alone is over, even with Brotli under (clients without Brotli count too)', () => {
    const dir = fixture({ entry: 100, vendor: 100, home: 100, shared: 100, lazy: 0 });
    writeFileSync(path.join(dir, 'assets', 'index.js.br'), randomBytes(140_000));
    writeFileSync(path.join(dir, 'assets', 'index.js.gz'), randomBytes(151_000));
    const report = checkBudget(dir, 150);
    expect(report.totals.br).toBeLessThan(150_000);
    expect(report.ok).toBe(false);
    expect(formatBudget(report)).toMatch(/JS budget: OVER/);
  });

  it('reads the precompressed copy beside a file when the build wrote one', () => {
    const dir = fixture({ entry: 200_000, vendor: 100, home: 100, shared: 100, lazy: 0 });
    writeFileSync(path.join(dir, 'assets', 'index.js.br'), randomBytes(1234));
    writeFileSync(path.join(dir, 'assets', 'index.js.gz'), randomBytes(2345));
    const entry = checkBudget(dir).files.find((f) => f.file === 'assets/index.js');
    expect(entry).toMatchObject({ br: 1234, gzip: 2345, raw: 200_000 });
  });

  it('refuses a manifest whose import graph is broken rather than under-counting', () => {
    expect(() => staticClosure({ a: { file: 'a.js', imports: ['missing'] } }, ['a'])).toThrow(/missing/);
  });
});
