import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bytes on the wire of one built file: the precompressed `.br`/`.gz` beside it, else compressed now. */
export function wireSizes(distDir, file) {
  const full = path.join(distDir, file);
  const raw = readFileSync(full);
  const br = existsSync(`${full}.br`)
    ? readFileSync(`${full}.br`).length
    : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const gzip = existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(raw, { level: 9 }).length;
  return { file, raw: raw.length, br, gzip };
}
