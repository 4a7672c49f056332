import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component/unit tests of the web: jsdom, real locale JSON read from public/locales (src/test/render.tsx).
const webRoot = fileURLToPath(new URL('.', import.meta.url));

// The same version stamp as the build (vite.config.ts), so the /update page's tests read the real one.
const appVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export default defineProject({
  root: webRoot,
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion) },
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
    // jsdom gives modules an http: import.meta.url; tests find web/public through this instead.
    env: { PE_WEB_ROOT: webRoot },
  },
});
