import { defineConfig } from 'vitest/config';

// End-to-end journeys: real Chromium (Debian's, via playwright-core) against the built web app served by the
// real server. Files run one at a time: each starts its own server and browser, and the machine has 2 cores.
// A journey runs axe on each screen it visits, seconds each on a loaded machine, hence the generous time limit.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    retry: 0,
  },
});
