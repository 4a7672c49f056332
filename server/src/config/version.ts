import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

let cached: string | undefined;

/** The app version from the root package.json (shown by /api/health). */
export function appVersion(): string {
  if (cached === undefined) {
    try {
      cached = String(
        (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '0.0.0',
      );
    } catch {
      cached = '0.0.0';
    }
  }
  return cached;
}
