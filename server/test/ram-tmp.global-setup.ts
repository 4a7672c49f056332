import { rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server tests' temporary data dirs live in memory for the run (vitest.config.ts): at its end the
 * run's directory goes, with whatever a test left in it.
 */
export default function ramTmpDir(): () => void {
  return () => rmSync(join('/dev/shm', `pharmaradar-tests-${process.pid}`), { recursive: true, force: true });
}
