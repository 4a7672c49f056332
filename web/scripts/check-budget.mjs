#!/usr/bin/env node
// JavaScript budget of the home page (ADR 035): what a phone downloads before the first screen is
// usable, compressed as the server sends it. The home page's JS is the entry chunk, the chunks it
// imports statically (index.html modulepreloads them), and the home route's own chunk with its
// static imports (the router loads that route before it renders). Dynamic imports are not counted:
// they load after the first paint or on use, except the app's stages (boot-stages.mjs), requested
// with the boot chunk. Plain JS so it runs right after `vite build`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPrecache, DEFAULT_PRECACHE_FILES, DEFAULT_PRECACHE_KB, formatPrecache } from './precache-budget.mjs';
import { wireSizes } from './wire-sizes.mjs';
import { BOOT_SOURCE, BOOT_STAGE_SOURCES, entryKey, staticClosure, unrequestedBootFiles } from './boot-stages.mjs';

export { wireSizes };

export const HOME_ROUTE_SOURCE = 'src/app/pages/home.page.tsx';
/** kB = 1000 bytes, as Lighthouse and the issue count them. */
export const DEFAULT_BUDGET_KB = 150;
export { staticClosure };

/** The manifest keys of the page entry (index.html), the app it boots (its stages too) and the home route chunk. */
export function homeRoots(manifest, routeSource = HOME_ROUTE_SOURCE) {
  const entry = entryKey(manifest);
  if (!manifest[routeSource]) throw new Error(`manifest has no chunk for ${routeSource}`);
  if (!manifest[BOOT_SOURCE]) return [entry, routeSource];
  const stages = BOOT_STAGE_SOURCES.filter((source) => manifest[BOOT_SOURCE].dynamicImports?.includes(source));
  return [entry, BOOT_SOURCE, ...stages, routeSource];
}

/**
 * Measures the home page's initial JS in `distDir`. The budget applies to the Brotli total (what every
 * current browser is sent) and to the gzip total (clients and proxies without Brotli), both at once.
 */
export function checkBudget(distDir, budgetKb = DEFAULT_BUDGET_KB) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest on`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = staticClosure(manifest, homeRoots(manifest)).map((file) => wireSizes(distDir, file));
  const total = (key) => files.reduce((sum, f) => sum + f[key], 0);
  const totals = { raw: total('raw'), br: total('br'), gzip: total('gzip') };
  const limit = budgetKb * 1000;
  const unrequested = unrequestedBootFiles(distDir, manifest);
  const withinBudget = totals.br <= limit && totals.gzip <= limit;
  return { files, totals, budgetKb, unrequested, withinBudget, ok: withinBudget && unrequested.length === 0 };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatBudget({ files, totals, budgetKb, withinBudget, unrequested = [] }) {
  const lines = [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `  ${f.file.padEnd(48)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} ${kb(f.br).padStart(10)}`);
  return [
    `Home page JavaScript before it is usable (budget ${budgetKb} kB compressed):`,
    `  ${'file'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`,
    ...lines,
    `  ${'total'.padEnd(48)} ${kb(totals.raw).padStart(10)} ${kb(totals.gzip).padStart(10)} ${kb(totals.br).padStart(10)}`,
    `JS budget: ${withinBudget ? 'OK' : 'OVER'} (${kb(totals.br)} Brotli, ${kb(totals.gzip)} gzip; each must be <= ${budgetKb} kB)`,
    ...(unrequested.length
      ? [`The app's stages wait for a round trip: not requested with the boot chunk: ${unrequested.join(', ')}`]
      : []),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const budget = Number(process.env.JS_BUDGET_KB ?? DEFAULT_BUDGET_KB);
  const report = checkBudget(distDir, budget);
  console.log(formatBudget(report));
  // The service worker's precache has its own budget (ADR 165).
  const precache = checkPrecache(
    distDir,
    Number(process.env.PRECACHE_BUDGET_KB ?? DEFAULT_PRECACHE_KB),
    Number(process.env.PRECACHE_BUDGET_FILES ?? DEFAULT_PRECACHE_FILES),
  );
  console.log(formatPrecache(precache));
  process.exit(report.ok && precache.ok ? 0 : 1);
}
