import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BRAND_NAME, BRAND_SHORT_NAME, THEME_COLOR } from '../shared/src/brand';

const API_TARGET = process.env.VITE_API_PROXY ?? 'http://localhost:8080';
// The version the /update page shows: the root package.json's, stamped in at build time (no git needed).
const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * index.html preloads the app's boot chunk and what it imports (ADR 119): main.tsx imports it
 * dynamically, after the first paint, and must not wait for a round trip then.
 */
function preloadBoot(source = 'src/app/boot.tsx'): Plugin {
  return {
    name: 'pharmaradar:preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
        );
        const boot = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(source));
        if (!boot) throw new Error(`no chunk for ${source}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          chunks.get(file)?.imports.forEach(visit);
        };
        visit(boot.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(APP_VERSION),
    // The server-side build bundles React's production server renderer, whatever NODE_ENV the server has.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  // Self-contained: the server loads it by path, with no dependency resolution of its own.
  ssr: { noExternal: true },
  // The server-side build (dist-ssr/first-screen.js, ADR 119) is code only: no public files, no worker.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    react(),
    preloadBoot(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'generateSW',
        // The app shows its own "new version available" prompt (app/update, its store in lib/pwa): never a silent reload.
        registerType: 'prompt',
        // CSP forbids inline scripts: the app registers the worker itself through workbox-window.
        injectRegister: null,
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          name: BRAND_NAME,
          short_name: BRAND_SHORT_NAME,
          description:
            'Comparateur de prix des pharmacies en ligne belges — médicaments sans ordonnance et parapharmacie.',
          lang: 'fr',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          theme_color: THEME_COLOR,
          background_color: '#ffffff',
          categories: ['health', 'medical', 'shopping'],
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // Without clientsClaim the first visit is not controlled and offline reloads fail
          // (docs/architecture.md#offline-first-and-sync).
          clientsClaim: true,
          skipWaiting: false,
          cleanupOutdatedCaches: true,
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api\//, /^\/__demo\//],
          // The three locales are precached so every page reads its texts offline (docs/architecture.md#offline-first-and-sync).
          // The ZXing reader's .wasm too: the barcode scan works offline (docs/architecture.md#regulated-facts, ADR 115).
          globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,wasm}', 'locales/**/*.json'],
          // The Pro workers (assets/<name>.worker-<hash>.js, SheetJS bundled inside) are precached with the
          // Pro page chunk: the Pro tool must open, import and export offline on a device that never used
          // it online (issue 10 item 7, ADR 085). A stray SheetJS chunk outside the workers stays lazy.
          globIgnores: ['**/assets/xlsx*.js', '**/assets/*xlsx*.js'],
          runtimeCaching: [
            {
              urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/assets\/.*\.js$/.test(url.pathname),
              handler: 'CacheFirst',
              options: { cacheName: 'pe-lazy-chunks', expiration: { maxEntries: 40 } },
            },
          ],
        },
        devOptions: { enabled: false },
      }),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/__demo': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: 'dist-ssr',
        emptyOutDir: true,
        rollupOptions: {
          input: 'src/first-screen/first-screen.ssr.tsx',
          output: { entryFileNames: 'first-screen.js' },
        },
      }
    : {
        target: 'es2022',
        sourcemap: false,
        // One stylesheet for every page (about 20 kB compressed, ADR 119): the server-drawn first
        // screen is styled by it before any page chunk loads, and it is fetched once for the visit.
        cssCodeSplit: false,
        // dist/.vite/manifest.json: the JS budget check (scripts/check-budget.mjs) follows its imports.
        manifest: true,
      },
}));
