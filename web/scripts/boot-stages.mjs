// The app's start in stages (ADR 184): main.tsx imports the boot chunk, which imports each stage in
// a task of its own. vite.config.ts has the boot chunk's import request every stage's chunks at once;
// this checks the build did (a stage that waits for a round trip delays the app on a slow phone).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** main.tsx imports the app after the first paint; index.html preloads it (ADR 119). */
export const BOOT_SOURCE = 'src/app/boot.tsx';
/** The last stage, the app itself: its chunk holds the route table, whose pages it imports on use. */
export const APP_STAGE_SOURCE = 'src/app/start-app.tsx';
/** What boot.tsx imports, one task each, in this order (paths from web/, as the Vite manifest names them). */
export const BOOT_STAGE_SOURCES = ['src/app/react-dom-stage.ts', APP_STAGE_SOURCE];

/** The manifest key of the page entry, index.html. */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!key) throw new Error('manifest has no index.html entry');
  return key;
}

/** Every chunk `roots` pull in through static imports (the Vite manifest's `imports`), roots included. */
export function staticClosure(manifest, roots) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

/** The files the entry chunk's preload lists name (Vite's `__vite__mapDeps`), for all its dynamic imports. */
function entryPreloads(code) {
  const list = /m\.f=(\[[^\]]*\])/.exec(code)?.[1];
  return new Set(list ? JSON.parse(list) : []);
}

/**
 * The files of the boot chunk and its stages that neither the entry loads itself nor its preload
 * list requests: each would be fetched only when its stage starts. Empty when the build is right.
 */
export function unrequestedBootFiles(distDir, manifest) {
  if (!manifest[BOOT_SOURCE]) return [];
  const entry = entryKey(manifest);
  const loaded = new Set(staticClosure(manifest, [entry]));
  const requested = entryPreloads(readFileSync(path.join(distDir, manifest[entry].file), 'utf8'));
  return staticClosure(manifest, [BOOT_SOURCE, ...BOOT_STAGE_SOURCES]).filter(
    (file) => !loaded.has(file) && !requested.has(file),
  );
}
