// Precache budget (ADR 165): what the service worker downloads on a first visit,
// read from the generated dist/sw.js, so the offline promise stays small on a thin connection.
// Printed and enforced by check-budget.mjs. Plain JS so it runs right after `vite build`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { wireSizes } from './wire-sizes.mjs';

/** kB = 1000 bytes, uncompressed (as the issue measured the 3.5 MB it started from). */
export const DEFAULT_PRECACHE_KB = 1400;
export const DEFAULT_PRECACHE_FILES = 160;

/** The URLs of the worker's precache manifest (workbox's `precacheAndRoute([{url, revision}, ...])`), each once. */
export function precacheUrls(swSource) {
  const start = swSource.indexOf('precacheAndRoute(');
  if (start < 0) throw new Error('sw.js has no precacheAndRoute call');
  const end = swSource.indexOf(']', start);
  const list = swSource.slice(start, end);
  return [...new Set([...list.matchAll(/url:\s*"([^"]+)"/g)].map((m) => m[1]))];
}

/** Files and bytes of the precache in `distDir`; ok when both stay within their budgets. */
export function checkPrecache(distDir, budgetKb = DEFAULT_PRECACHE_KB, budgetFiles = DEFAULT_PRECACHE_FILES) {
  const sw = path.join(distDir, 'sw.js');
  if (!existsSync(sw)) throw new Error(`${sw} is missing: build the web app first`);
  const files = precacheUrls(readFileSync(sw, 'utf8')).map((url) => wireSizes(distDir, url.replace(/^\//, '')));
  const total = (key) => files.reduce((sum, f) => sum + f[key], 0);
  const totals = { raw: total('raw'), br: total('br'), gzip: total('gzip') };
  const ok = totals.raw <= budgetKb * 1000 && files.length <= budgetFiles;
  return { files, totals, budgetKb, budgetFiles, ok };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatPrecache({ files, totals, budgetKb, budgetFiles, ok }) {
  const biggest = [...files]
    .sort((a, b) => b.raw - a.raw)
    .slice(0, 8)
    .map((f) => `  ${f.file.padEnd(48)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} ${kb(f.br).padStart(10)}`);
  return [
    `Service worker precache, downloaded once the loaded page is idle and no search is under way (budget ${budgetFiles} files, ${budgetKb} kB uncompressed):`,
    `  ${'biggest files'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`,
    ...biggest,
    `  ${`total (${files.length} files)`.padEnd(48)} ${kb(totals.raw).padStart(10)} ${kb(totals.gzip).padStart(10)} ${kb(totals.br).padStart(10)}`,
    `Precache budget: ${ok ? 'OK' : 'OVER'} (${files.length} files, ${kb(totals.raw)} uncompressed, ${kb(totals.br)} Brotli; at most ${budgetFiles} files and ${budgetKb} kB)`,
  ].join('\n');
}
