import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this file's location (server/src/config) so that relative settings
 * mean the same thing whether the process was started from the root or from server/.
 */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'sqlite/migrations');
export const DEFAULT_WEB_DIST_DIR = resolve(REPO_ROOT, 'web/dist');

export function resolveFromRoot(path: string): string {
  return resolve(REPO_ROOT, path);
}
