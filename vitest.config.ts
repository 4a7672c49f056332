import { defineConfig } from 'vitest/config';

// One runner for unit, API and component tests; e2e journeys have their own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
      // The journeys' own helpers that can be checked without a browser (the journeys are e2e/vitest.config.ts's).
      { test: { name: 'e2e-support', root: './e2e', include: ['support/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
