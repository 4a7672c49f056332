import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above this code that holds sqlite/migrations. Found by
 * walking up rather than by a fixed depth, because this file runs from server/src/config (tsx in
 * development) and bundled into server/dist/main.js or server/dist/jobs/x.cli.js (ADR 175), so that
 * relative settings mean the same thing whether the process was started from the root or from server/.
 */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'sqlite', 'migrations')) && existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root (with sqlite/migrations) above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'sqlite/migrations');
export const DEFAULT_WEB_DIST_DIR = resolve(REPO_ROOT, 'web/dist');

export function resolveFromRoot(path: string): string {
  return resolve(REPO_ROOT, path);
}
