import { defineConfig } from 'vitest/config';

// End-to-end journeys: real Chromium (Debian's, via playwright-core) against the built web app served by the
// real server. Each file starts its own server (free port, fresh DATA_DIR) and browser, so two files can run
// side by side: most of a journey's time is spent waiting on the app and the demo shops' latencies, not on
// the 2 cores. The files that measure what a person feels over time (Lighthouse's scores, layout shift and
// the first search's takeover) run afterwards, one at a time, on an otherwise idle machine.
// A journey runs axe on each screen it visits, seconds each on a loaded machine, hence the generous time limit.
const MEASURED = ['journeys/lighthouse.e2e.ts', 'journeys/first-screen-search.e2e.ts'];

const shared = {
  root: import.meta.dirname,
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 120_000,
  retry: 0,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'journeys',
          include: ['journeys/**/*.e2e.ts'],
          exclude: MEASURED,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'measured',
          include: MEASURED,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
