import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BRAND_NAME, BRAND_SHORT_NAME, THEME_COLOR } from '../shared/src/brand';
import { APP_STAGE_SOURCE, BOOT_SOURCE, BOOT_STAGE_SOURCES } from './scripts/boot-stages.mjs';

const API_TARGET = process.env.VITE_API_PROXY ?? 'http://localhost:8080';
// The version the /update page shows: the root package.json's, stamped in at build time (no git needed).
const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

type Chunks = Map<string, Rollup.OutputChunk>;

const chunksOf = (bundle: Rollup.OutputBundle): Chunks =>
  new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));

/** `file` and every chunk it imports statically, directly or not: all loaded once `file` runs. */
function staticClosure(chunks: Chunks, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  chunks.get(file)?.imports.forEach((next) => staticClosure(chunks, next, into));
  return into;
}

/** The chunk whose entry module is `source` (a path from web/, as the Vite manifest names it). */
const chunkOf = (chunks: Chunks, source: string) => {
  const id = fileURLToPath(new URL(source, import.meta.url));
  const chunk = [...chunks.values()].find((c) => c.facadeModuleId === id);
  if (!chunk) throw new Error(`no chunk for ${source}`);
  return chunk.fileName;
};

/** The app's boot chunk, the stages it imports one task at a time (ADR 184) and what they all import. */
const bootFiles = (chunks: Chunks): Set<string> =>
  [BOOT_SOURCE, ...BOOT_STAGE_SOURCES].reduce(
    (files, source) => staticClosure(chunks, chunkOf(chunks, source), files),
    new Set<string>(),
  );

/**
 * Vite lists, for each dynamic import, every chunk the imported one needs, for its preload helper
 * to add a link for each not yet in the page (ADR 184):
 * - the chunks the importing chunk needs itself are loaded already: left out, the lists shrink (the
 *   home page's JavaScript budget) and the router's start stops searching the page's links for them,
 *   a few milliseconds each on a slow phone;
 * - the boot chunk comes with its stages' chunks, so that no stage waits for a round trip.
 * `resolveDependencies` gets file names only: the bundle is read first, by this plugin's own hook.
 */
function preloadOnlyWhatIsMissing(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], host: { hostId: string; hostType: 'html' | 'js' }) => string[];
} {
  // Read once per build, before Vite lists the preloads of every dynamic import.
  let read: { chunks: Chunks; boot: Set<string>; bootChunk: string } | null = null;
  return {
    plugin: {
      name: 'pharmaradar:preload-only-what-is-missing',
      apply: 'build',
      enforce: 'pre',
      generateBundle(_options, bundle) {
        const chunks = chunksOf(bundle);
        read = { chunks, boot: bootFiles(chunks), bootChunk: chunkOf(chunks, BOOT_SOURCE) };
      },
    },
    resolveDependencies(file, deps, { hostId, hostType }) {
      if (hostType === 'html') return deps;
      if (!read) throw new Error('preload-only-what-is-missing: the bundle was not read before Vite listed preloads');
      const { chunks, boot, bootChunk } = read;
      const wanted = file === bootChunk ? [...new Set([...deps, ...boot])] : deps;
      const loaded = staticClosure(chunks, hostId, hostId === bootChunk ? new Set(boot) : new Set());
      return wanted.filter((dep) => !loaded.has(dep));
    },
  };
}

/**
 * index.html preloads the app's boot chunk, its stages and what they import (ADR 119, ADR 184): main.tsx imports it
 * dynamically, after the first paint, and must not wait for a round trip then.
 */
function preloadBoot(): Plugin {
  return {
    name: 'pharmaradar:preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return [...bootFiles(chunksOf(bundle ?? {}))].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The Pro tool's workers, SheetJS inside (the app's other worker, warm-intl, is a consumer's: ADR 184). */
const PRO_WORKERS = ['import', 'export'];
/** The Pro tool's own files, outside the precache (ADR 165): its page chunk, its workers. */
const PRO_ONLY = [
  '**/assets/pro-tool.page-*.js',
  ...PRO_WORKERS.map((name) => `**/assets/${name}.worker-*.js`),
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
      const chunks = chunksOf(bundle);
      const files = staticClosure(chunks, chunkOf(chunks, source));
      const workers = Object.keys(bundle).filter((file) =>
        PRO_WORKERS.some((name) => new RegExp(`(^|/)${name}\\.worker-[\\w-]+\\.js$`).test(file)),
      );
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

/** Below this a chunk compiles in about a millisecond, less than the hint's bytes cost in the JS budget. */
const EAGER_COMPILE_MIN_BYTES = 10_000;

/**
 * The app's start, and a page's, calls most of their code once, right away: compiled lazily, each
 * function is parsed on the main thread at its first call (React DOM's whole source at once, a
 * CommonJS module in its wrapper), in tasks over 50 ms on a slow phone. This comment asks V8 (Chrome
 * 136 and later) to compile the boot's chunks and the routes' while they stream in, off the main
 * thread (ADR 184). Chunks a page loads on use (the map, the Pro workers, IndexedDB) stay lazy.
 * Other engines read a comment.
 */
function compileStartEagerly(): Plugin {
  return {
    name: 'pharmaradar:compile-start-eagerly',
    apply: 'build',
    enforce: 'post',
    // After minification, which drops comments.
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const files = bootFiles(chunks);
      // What the router may load as the app starts: each route's page, layout or wall, with its imports.
      for (const route of chunks.get(chunkOf(chunks, APP_STAGE_SOURCE))?.dynamicImports ?? [])
        staticClosure(chunks, route, files);
      for (const file of files) {
        const chunk = chunks.get(file);
        if (chunk && chunk.code.length >= EAGER_COMPILE_MIN_BYTES)
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

/**
 * What the generated service worker imports (workbox `importScripts`): filled in by pushWorker once
 * the file's hashed name is known, before the worker is generated (after the bundle is written).
 */
const SW_IMPORTS: string[] = [];

/**
 * Builds dist/assets/push-sw-<hash>.js from src/features/alerts/push/push.sw.ts: the push and
 * notificationclick handlers, which workbox's generated worker has no option for (ADR 245). A classic
 * script, since importScripts() runs no modules; self-contained, since it shares no chunk with the
 * app. Its hashed name is written into sw.js, so new handlers make a new worker, as any change does.
 * It stays out of the precache: the browser keeps a worker's imported scripts with the worker itself.
 */
function pushWorker(source = 'src/features/alerts/push/push.sw.ts'): Plugin {
  return {
    name: 'pharmaradar:push-worker',
    apply: 'build',
    async generateBundle() {
      // A build of its own: in the app's, rollup would share zod's chunk with the pages.
      const built = await build({
        configFile: false,
        publicDir: false,
        logLevel: 'silent',
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          lib: { entry: fileURLToPath(new URL(source, import.meta.url)), formats: ['iife'], name: 'pushWorker' },
        },
      });
      const file = (Array.isArray(built) ? built : [built]).flatMap((b) => ('output' in b ? b.output : []))[0];
      if (file?.type !== 'chunk') throw new Error(`push-worker: nothing built from ${source}`);
      const ref = this.emitFile({ type: 'asset', name: 'push-sw.js', source: file.code });
      SW_IMPORTS.splice(0, SW_IMPORTS.length, `/${this.getFileName(ref)}`);
    },
  };
}

const preloads = preloadOnlyWhatIsMissing();

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
    !isSsrBuild && preloads.plugin,
    !isSsrBuild && compileStartEagerly(),
    !isSsrBuild && proOfflineList(),
    !isSsrBuild && pushWorker(),
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
          importScripts: SW_IMPORTS,
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
          globIgnores: [
            ...PRO_ONLY,
            '**/assets/push-sw-*.js',
            '**/assets/admin.page-*.js',
            '**/assets/leaflet-map-*.js',
          ],
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
          input: 'src/app/ssr/first-screen.ssr.tsx',
          output: { entryFileNames: 'first-screen.js' },
        },
      }
    : {
        target: 'es2022',
        sourcemap: false,
        // No modulepreload polyfill in the first screen's entry: every browser the app supports but
        // Safari before 17 has modulepreload, the drawn pages carry no preload links for it to read,
        // and its bytes count in the home page's JavaScript budget (ADR 183).
        modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
        // One stylesheet for every page (about 20 kB compressed, ADR 119): the server-drawn first
        // screen is styled by it before any page chunk loads, and it is fetched once for the visit.
        cssCodeSplit: false,
        // dist/.vite/manifest.json: the JS budget check (scripts/check-budget.mjs) follows its imports.
        manifest: true,
      },
}));
