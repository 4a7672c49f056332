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

/** The Pro tool's own files, outside the precache (ADR 165): its page chunk, its workers with SheetJS inside. */
const PRO_ONLY = [
  '**/assets/pro-tool.page-*.js',
  '**/assets/*.worker-*.js',
  '**/assets/xlsx*.js',
  '**/assets/*xlsx*.js',
];
const PRO_OFFLINE_LIST = 'pro-offline.json';

/**
 * Writes dist/pro-offline.json, the files the Pro tool needs offline (its page chunk with what it
 * imports, and the workers): the Pro page has them cached once it has been opened online (ADR 165),
 * so no consumer downloads them while a Pro user still gets the tool offline.
 */
function proOfflineList(source = 'src/features/pro/pro-tool.page.tsx'): Plugin {
  return {
    name: 'pharmaradar:pro-offline-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
      );
      const page = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(source));
      if (!page) throw new Error(`no chunk for ${source}`);
      const files = new Set<string>();
      const visit = (file: string) => {
        if (files.has(file)) return;
        files.add(file);
        chunks.get(file)?.imports.forEach(visit);
      };
      visit(page.fileName);
      const workers = Object.keys(bundle).filter((file) => /(^|\/)[\w-]+\.worker-[\w-]+\.js$/.test(file));
      if (workers.length === 0) throw new Error('no Pro worker in the bundle');
      workers.forEach((file) => files.add(file));
      this.emitFile({
        type: 'asset',
        fileName: PRO_OFFLINE_LIST,
        source: JSON.stringify({ files: [...files].sort().map((file) => `/${file}`) }),
      });
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
    !isSsrBuild && proOfflineList(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'generateSW',
        // The app shows its own "new version available" prompt (app/update, its store in lib/pwa): never a silent reload.
        registerType: 'prompt',
        // CSP forbids inline scripts: the app registers the worker itself through workbox-window.
        injectRegister: null,
        // The icons are in the precache's globs already: listed once, downloaded once.
        includeManifestIcons: false,
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
          // ADR 165: the precache holds what the offline promise needs and nothing more: the shell, the
          // consumer's screens, the three locales (every page reads its texts offline) and the icons. The
          // rest is cached on use by the route below: the Pro tool (its page has its files cached once
          // opened online: pro-offline.json), the staff pages, the pharmacies map and the ZXing
          // reader's .wasm (cached on the first scan, ADR 115). check-budget.mjs prints the total.
          // The web manifest is added by the plugin itself.
          globPatterns: ['**/*.{js,css,html,png,svg}', 'locales/**/*.json'],
          globIgnores: [...PRO_ONLY, '**/assets/admin.page-*.js', '**/assets/leaflet-map-*.js'],
          runtimeCaching: [
            {
              urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.*\.(js|wasm)$/.test(url.pathname),
              handler: 'CacheFirst',
              options: { cacheName: 'pe-lazy-chunks', expiration: { maxEntries: 60 } },
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
        // No modulepreload polyfill in the first screen's entry: every browser the app supports but
        // Safari before 17 has modulepreload, the drawn pages carry no preload links for it to read,
        // and its bytes count in the home page's JavaScript budget (ADR 183).
        modulePreload: { polyfill: false },
        // One stylesheet for every page (about 20 kB compressed, ADR 119): the server-drawn first
        // screen is styled by it before any page chunk loads, and it is fetched once for the visit.
        cssCodeSplit: false,
        // dist/.vite/manifest.json: the JS budget check (scripts/check-budget.mjs) follows its imports.
        manifest: true,
      },
}));
