import { defineConfig } from 'vitest/config';

/**
 * Journeys whose proof rests on time as the browser lives it: Lighthouse's measures, the order in which
 * shops answer a few hundred milliseconds apart, a drawn page taken over in idle time, a press landing
 * during a 400 ms slice of drawing, a hint or splash gone within its seconds, the service worker started
 * within a visitor's reading time. They run one at a time, after every other journey, with nothing beside
 * them (ADR 258).
 */
const TIMED_ALONE = [
  'journeys/lighthouse.e2e.ts',
  'journeys/search.e2e.ts',
  'journeys/first-screen-search.e2e.ts',
  'journeys/scan.e2e.ts',
  'journeys/shell.e2e.ts',
  'journeys/offline-early.e2e.ts',
];

// A journey runs axe on each screen it visits, seconds each on a loaded machine, hence the generous time limit.
const JOURNEY = {
  root: import.meta.dirname,
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 120_000,
  retry: 0,
} as const;

// End-to-end journeys: real Chromium (Debian's, via playwright-core) against the built web app served by the
// real server. Each file starts its own server (own port, own DATA_DIR) and browser. Two files at a time:
// a journey spends most of its time waiting on its browser, its server or the demo shops, and the
// machine has 2 cores; the timed journeys above then run alone.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...JOURNEY,
          name: 'journeys',
          include: ['journeys/**/*.e2e.ts'],
          exclude: TIMED_ALONE,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...JOURNEY,
          name: 'journeys-timed',
          include: TIMED_ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
