// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPrecache, formatPrecache, precacheUrls } from './precache-budget.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A built app whose sw.js precaches some of its files (as workbox writes it, minified), one twice. */
function fixture(files: Record<string, number>, precached: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'precache-'));
  dirs.push(dir);
  for (const [file, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), randomBytes(bytes));
  }
  const entries = precached.map((url, i) => `{url:"${url}",revision:${i % 2 ? 'null' : `"r${i}"`}}`).join(',');
  writeFileSync(
    path.join(dir, 'sw.js'),
    `define(["./workbox-1"],function(s){s.precacheAndRoute([${entries}],{}),s.registerRoute(new s.NavigationRoute(s.createHandlerBoundToURL("index.html")))});`,
  );
  return dir;
}

describe('service worker precache budget (ADR 165)', () => {
  it('reads the precache list of sw.js, each URL once', () => {
    const dir = fixture({ 'index.html': 10, 'assets/a.js': 10 }, ['index.html', 'assets/a.js', 'index.html']);
    expect(
      precacheUrls(`s.precacheAndRoute([{url:"index.html",revision:"1"},{url:"assets/a.js",revision:null}])`),
    ).toEqual(['index.html', 'assets/a.js']);
    expect(checkPrecache(dir).files.map((f) => f.file)).toEqual(['index.html', 'assets/a.js']);
  });

  it('counts only the precached files: a big file left to the runtime cache weighs nothing', () => {
    const dir = fixture({ 'index.html': 1000, 'assets/app.js': 200_000, 'assets/reader.wasm': 1_000_000 }, [
      'index.html',
      'assets/app.js',
    ]);
    const report = checkPrecache(dir, 300, 5);
    expect(report.totals.raw).toBe(201_000);
    expect(report.ok).toBe(true);
    expect(formatPrecache(report)).toContain('Precache budget: OK (2 files, 201.0 kB uncompressed');
  });

  it('fails over the byte budget, and over the file count', () => {
    const dir = fixture({ 'index.html': 1000, 'assets/app.js': 400_000, 'assets/b.js': 10 }, [
      'index.html',
      'assets/app.js',
      'assets/b.js',
    ]);
    const heavy = checkPrecache(dir, 300, 5);
    expect(heavy.ok).toBe(false);
    expect(formatPrecache(heavy)).toContain('Precache budget: OVER (3 files, 401.0 kB uncompressed');
    expect(checkPrecache(dir, 500, 2).ok).toBe(false);
    expect(checkPrecache(dir, 500, 3).ok).toBe(true);
  });
});
