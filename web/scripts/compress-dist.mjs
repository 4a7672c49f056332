#!/usr/bin/env node
// Post-build step of `npm run build -w web`: writes a Brotli (.br) and a gzip (.gz) copy beside every
// compressible file of web/dist, made once at build time at the highest levels, so the server only
// picks the copy the client accepts (server/src/lib/web-static.ts). Runs after vite-plugin-pwa: the
// service worker is compressed too, and its precache list (made from the plain files) is unchanged.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|json|webmanifest|svg|txt|xml|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 512;
/** index.html is always rewritten per page before it is sent (product landing titles): never sent as is. */
const NEVER = new Set(['index.html']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses the files of `dir` in place; returns how many files got copies. */
export function compressDir(dir) {
  let count = 0;
  for (const file of files(dir)) {
    const name = path.basename(file);
    if (!COMPRESSIBLE.test(name) || NEVER.has(name) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    // A copy that is not smaller is useless: the plain file is sent instead.
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  console.log(`compressed ${compressDir(dist)} files of web/dist (.br and .gz beside each)`);
}
