#!/usr/bin/env node
// Builds the server and its command-line tools from TypeScript to JavaScript in server/dist (ADR 175),
// and tells whether that build is older than its sources. Plain JS on purpose: `npm start` and the CLI
// launcher import it before anything is built, and in production without tsx or esbuild installed.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(ROOT, 'server', 'dist');
/** Written last by a build: its time is the build's time, and it is absent after a half-done one. */
export const STAMP = '.built';

/** What a server build depends on: a change to any of these makes it stale. */
export const SERVER_SOURCES = [
  'server/src',
  'shared/src',
  'server/package.json',
  'shared/package.json',
  'scripts/server-build.mjs',
];

const isTest = (name) => /\.test(?:-support)?\.ts$/.test(name);

/** Newest modification time (ms) of a file or of every file under a directory, tests excluded; 0 if absent. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return isTest(path.basename(target)) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** When the build in `distDir` was finished (ms), or 0 when there is none. */
export function builtAt(distDir = SERVER_DIST) {
  const stamp = path.join(distDir, STAMP);
  return existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
}

/** True when there is no finished build in `distDir`, or a source is newer than it. */
export function serverBuildIsStale({ root = ROOT, distDir = SERVER_DIST } = {}) {
  const at = builtAt(distDir);
  return at === 0 || Math.max(...SERVER_SOURCES.map((p) => newestMtime(path.join(root, p)))) > at;
}

/** The entry points: the server and every CLI that server/package.json runs (paths relative to server/src). */
export function serverEntries(root = ROOT) {
  const src = path.join(root, 'server', 'src');
  const found = ['main.ts'];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(src, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.cli.ts')) found.push(rel);
    }
  };
  walk('');
  return found;
}

/**
 * Bundles each entry point with esbuild into `outdir` (same layout as server/src, `.js`). Our own code
 * and the shared workspace (TypeScript consumed as source) are compiled in; every npm package stays an
 * external import resolved from node_modules at run time (native modules, pino's workers, createRequire).
 * Each file is written beside its final name and renamed over it, so a running process or a concurrent
 * start never reads half a file; the stamp goes last.
 */
export async function buildServer({ root = ROOT, outdir = SERVER_DIST } = {}) {
  const esbuild = await import('esbuild').catch(() => {
    throw new Error('esbuild is not installed: build the server where dev dependencies are (`npm run build`).');
  });
  const src = path.join(root, 'server', 'src');
  const ownPackages = {
    name: 'npm-packages-external',
    setup(build) {
      // Bare specifiers are npm packages (external), except our own workspace, which is compiled in.
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@pharmaradar/') ? undefined : { path: args.path, external: true },
      );
    },
  };
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: serverEntries(root).map((rel) => path.join(src, rel)),
    outbase: src,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    sourcesContent: false,
    tsconfig: path.join(root, 'server', 'tsconfig.json'),
    plugins: [ownPackages],
    logLevel: 'warning',
    write: false,
  });
  for (const file of result.outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  writeFileSync(path.join(outdir, STAMP), `${new Date().toISOString()}\n`);
  return result.outputFiles.length;
}

/** Rebuilds when stale; returns whether it built. Without esbuild (production install) a present build is used. */
export async function ensureServerBuild({ log = console.log } = {}) {
  if (!serverBuildIsStale()) return false;
  const first = builtAt() === 0;
  if (
    !first &&
    !(await import('esbuild').then(
      () => true,
      () => false,
    ))
  ) {
    log('Server sources look newer than server/dist, but esbuild is not installed: running the existing build.');
    return false;
  }
  log(first ? 'Building the server (first start)…' : 'Server sources changed: rebuilding the server…');
  await buildServer();
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const files = await buildServer();
  console.log(`server/dist: ${files} files in ${Date.now() - started} ms`);
}
