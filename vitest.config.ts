import { accessSync, constants, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that measure answer times against each other (medians of existing and unknown
 * accounts, a search alone and during a flood): run alone, after every other file, so that a file
 * running beside them never tips a comparison that only holds on an otherwise idle worker.
 */
const TIMED_ALONE = ['src/features/accounts/enumeration-timing.api.test.ts', 'src/shop-fair-share.api.test.ts'];

/**
 * A RAM file system for the server tests' temporary data dirs (TMPDIR, which their servers, CLIs and
 * child processes inherit), when the machine has a writable one with room. The server commits with
 * synchronous=FULL, and on a disk each of those commits waits for a flush: a Pro batch test spent
 * half its time in fsync. A test that proves what a kill or a restart keeps still proves it there
 * (a flush only matters on power loss, which no test simulates); the timed files keep the disk, since
 * they compare answer times measured as production pays them.
 */
function ramTmpDir(): string | undefined {
  const ram = '/dev/shm';
  try {
    accessSync(ram, constants.W_OK);
    const { bavail, bsize } = statfsSync(ram);
    if (bavail * bsize < 2 * 1024 ** 3) return undefined;
    // This run's own, made when the run starts and removed at its end with whatever a test left behind
    // (server/test/ram-tmp.global-setup.ts), so nothing piles up in memory run after run.
    return join(ram, `pharmaradar-tests-${process.pid}`);
  } catch {
    return undefined;
  }
}
const RAM_TMP = ramTmpDir();

const SERVER_TEST = {
  root: './server',
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

// One runner for unit, API and component tests; e2e journeys have their own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    // One worker per core. Vitest's default leaves one core out (a single worker on a 2-core CI machine),
    // while most files spend much of their time waiting on a loopback server or a child process.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          ...SERVER_TEST,
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: TIMED_ALONE,
          ...(RAM_TMP
            ? {
                env: { TMPDIR: RAM_TMP },
                globalSetup: [fileURLToPath(new URL('./server/test/ram-tmp.global-setup.ts', import.meta.url))],
              }
            : {}),
        },
      },
      // The timing comparisons above: one file at a time, in a group vitest runs after all the others.
      { test: { ...SERVER_TEST, name: 'server-timed', include: TIMED_ALONE, fileParallelism: false } },
      './web/vitest.config.ts',
      // The journeys' own helpers that can be checked without a browser (the journeys are e2e/vitest.config.ts's).
      { test: { name: 'e2e-support', root: './e2e', include: ['support/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
