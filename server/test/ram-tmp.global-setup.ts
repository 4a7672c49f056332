import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server tests' temporary data dirs live in memory (vitest.config.ts names the run's directory):
 * made when the run starts, removed at its end with whatever a test left in it.
 */
export default function ramTmpDir(): () => void {
  const dir = join('/dev/shm', `pharmaradar-tests-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return () => rmSync(dir, { recursive: true, force: true });
}
