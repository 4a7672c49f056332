import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

// Boundaries of both workspaces (docs/decisions/016, 149). Features never import each other sideways, nor the
// composition root that wires them (web/src/app, first-screen/ and main.tsx; server/src/app.ts, app-deps.ts,
// compose.ts, server.ts, main.ts). A page that composes several features lives in web/src/app/pages, as app.ts composes
// them on the server: a feature exports sections; no file of a feature, test or not, imports another
// feature. The floor (web: lib/, db/; server: lib/, db/, config/, ports/) imports neither a feature nor the root.
// shared/src imports nothing from web or server. Every relative import is resolved, so '../search',
// '../../features/x' and deeper paths are all caught.
const WORKSPACES = {
  web: { composition: /^(?:app\/|first-screen\/|main\.tsx$)/, floor: /^(?:lib|db)\// },
  server: { composition: /^(?:app|app-deps|compose|server|main)(?:\.ts)?$/, floor: /^(?:lib|db|config|ports)\// },
};
/** ADR 173: the running Node picks the SQLite driver. */
const SQLITE_THROUGH_DRIVER = {
  name: 'better-sqlite3',
  allowTypeImports: true,
  message: 'Open SQLite through db/sqlite-driver, which picks the driver for this Node (ADR 173).',
};

/** ['server', 'features/search/x.ts'] for any path inside web/src, server/src or shared/src, else null. */
const place = (file) => {
  const match = /(?:^|\/)(web|server|shared)\/src\/(.+)$/.exec(file.replace(/\\/g, '/'));
  return match ? [match[1], match[2]] : null;
};
/** SQL that opens a deferred transaction (BEGIN [DEFERRED], or a SAVEPOINT outside one), as an esquery regex. */
const DEFERRED_SQL = String.raw`/(^|;)\s*(BEGIN(?!\s+(IMMEDIATE|EXCLUSIVE)\b)|SAVEPOINT\b)/i`;
const featureOf = (rel) => /^features\/([^/]+)(?:\/|$)/.exec(rel)?.[1];
const featureBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        messages: {
          sideways:
            "Feature '{{from}}' must not import feature '{{to}}': move shared code to {{workspace}}/src/lib or shared/ (on the web, a page that composes features lives in app/pages).",
          upward:
            "Feature '{{from}}' must not import the composition root ({{target}}): the app composes features, not the reverse.",
          floor:
            "{{from}} must not import feature '{{to}}': lib/, db/, config/ and ports/ are the floor features stand on.",
          floorUp: '{{from}} must not import the composition root ({{target}}): the floor sits below it.',
          shared: 'shared/src must not import {{target}}: the shared package sits below web and server (ADR 149).',
        },
      },
      create(context) {
        const own = place(context.filename);
        if (!own) return {};
        const [workspace, rel] = own;
        if (workspace === 'shared') {
          const check = (node, source) => {
            if (typeof source !== 'string') return;
            const outside = source.startsWith('.')
              ? place(path.resolve(path.dirname(context.filename), source))?.[0] !== 'shared'
              : /^@pharmaradar\//.test(source);
            if (outside) context.report({ node, messageId: 'shared', data: { target: source } });
          };
          return {
            ImportDeclaration: (node) => check(node, node.source.value),
            ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
            ExportAllDeclaration: (node) => check(node, node.source.value),
            ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
          };
        }
        const rules = WORKSPACES[workspace];
        const ownFeature = featureOf(rel);
        const inFloor = rules.floor?.test(rel) ?? false;
        if (!ownFeature && !inFloor) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = place(path.resolve(path.dirname(context.filename), source));
          if (!target || target[0] !== workspace) return;
          const targetFeature = featureOf(target[1]);
          if (inFloor && targetFeature) {
            context.report({ node, messageId: 'floor', data: { from: `${workspace}/src/${rel}`, to: targetFeature } });
          } else if (inFloor && !/\.test\.tsx?$/.test(rel) && rules.composition.test(target[1])) {
            context.report({
              node,
              messageId: 'floorUp',
              data: { from: `${workspace}/src/${rel}`, target: `${workspace}/src/${target[1]}` },
            });
          } else if (ownFeature && rules.composition.test(target[1])) {
            context.report({
              node,
              messageId: 'upward',
              data: { from: ownFeature, target: `${workspace}/src/${target[1]}` },
            });
          } else if (ownFeature && targetFeature && targetFeature !== ownFeature) {
            context.report({ node, messageId: 'sideways', data: { from: ownFeature, to: targetFeature, workspace } });
          }
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dev-dist/**',
      'web/dist-ssr/**',
      'data/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The browser's storage has one door, lib/web-storage.ts: the server draws pages with this code,
    // and Node 25+ has storage globals of its own (one store for every visitor, a warning at start).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/lib/web-storage.ts',
      'web/src/lib/i18n/detect-locale.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/src/test/**',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use readStored/writeStored from lib/web-storage.ts.' },
        {
          name: 'sessionStorage',
          message: "Use readStored/writeStored(key, value, 'session') from lib/web-storage.ts.",
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'localStorage', message: 'Use lib/web-storage.ts.' },
        { object: 'globalThis', property: 'sessionStorage', message: 'Use lib/web-storage.ts.' },
        { object: 'window', property: 'localStorage', message: 'Use lib/web-storage.ts.' },
        { object: 'window', property: 'sessionStorage', message: 'Use lib/web-storage.ts.' },
      ],
    },
  },
  {
    // ADR 018: the UI kit stays light enough for any lazy page; no database, no search stream, no feature.
    files: ['web/src/lib/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['dexie', 'dexie-*', '**/db/*'], message: 'lib/ui must not depend on the database (ADR 018).' },
            { group: ['**/features/**', '**/app/**'], message: 'lib/ui sits below the features and the app.' },
            { group: ['**/api/sse-parser', '**/search/**'], message: 'lib/ui must not pull in the search stream.' },
          ],
        },
      ],
    },
  },
  {
    // ADR 142: the Pro tool has one data layer. Only its store (features/pro/data) opens the database;
    // screens, hooks and sync call the store. Tests may set up and read IndexedDB directly.
    files: ['web/src/features/pro/**/*.{ts,tsx}'],
    ignores: ['web/src/features/pro/data/**', 'web/src/features/pro/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['dexie', 'dexie-*', '**/db/*'],
              message: 'The Pro tool reads and writes IndexedDB through its store: import features/pro/data/pro-store.',
            },
          ],
        },
      ],
    },
  },
  {
    // What a drawn page carries (lib/first-screen-seeds/) is read by the home page too, whose first
    // JavaScript has no room for zod: each page gives its own check, the module imports types only.
    files: ['web/src/lib/first-screen-seeds/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '@pharmaradar/shared/*', '!@pharmaradar/shared/first-screen-markup'],
              allowTypeImports: true,
              message: 'The seeds module takes its checks from the pages: no zod here (the home page budget).',
            },
            { group: ['../*'], message: 'The seeds module imports packages only.' },
          ],
        },
      ],
    },
  },
  {
    // The service worker's push script is built on its own (vite.config.ts's pushWorker): zod would be
    // nearly all of it, for one small payload read by a zod-free guard (ADR 256).
    files: ['web/src/features/alerts/push/push.sw.ts', 'web/src/features/alerts/push/push-notification.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '@pharmaradar/shared/*.schema'],
              message: 'The push script reads its payload with @pharmaradar/shared/push-payload: no zod (ADR 256).',
            },
          ],
        },
      ],
    },
  },
  {
    // The small entry and what it runs before the app (ADR 118-121): no React, no router, no zod.
    files: ['web/src/main.tsx', 'web/src/first-screen/first-screen-{entry,start,prices,search,stream}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                '@pharmaradar/shared/*.schema',
                'react',
                'react-*',
                'react/*',
                '**/app/*',
                '!**/app/styles',
                // The splash's timing (plain code, no React) is shared by the drawn splash and the shell's.
                '!**/app/layout',
                '**/app/layout/*',
                '!**/app/layout/splash-timing',
                '**/*.page',
                '**/lib/api/*',
              ],
              message: 'The small entry runs before the app: no React, no zod, no app code (ADR 119, ADR 140).',
            },
          ],
        },
      ],
    },
  },
  {
    // ADR 173: the running Node picks the SQLite driver (better-sqlite3 12 on Node 20, 13 on 22+).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/sqlite-driver.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SQLITE_THROUGH_DRIVER],
        },
      ],
    },
  },
  {
    // The connectors sit below the features and beside the demo: the demo shops reach them as a port
    // (start-retailers' DemoShops), and what a command does with a check is the job's business (jobs/).
    files: ['server/src/retailers/**/*.ts'],
    ignores: ['server/src/retailers/**/*.test.ts', 'server/src/retailers/**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Repeated here: a later block's rule replaces the one above for these files.
          paths: [SQLITE_THROUGH_DRIVER],
          patterns: [
            { group: ['**/features/**'], message: 'retailers/ sits below the features: take a port instead.' },
            { group: ['**/demo/**'], message: 'retailers/ must not import the demo: take a port (DemoShops).' },
          ],
        },
      ],
    },
  },
  {
    // ADR 187: several processes write one SQLite file. A transaction begins with BEGIN IMMEDIATE (takes the
    // write lock at once, waiting under the busy timeout); a deferred one that reads then writes fails with
    // SQLITE_BUSY at once when another process wrote meanwhile. db/write-transaction is the one way in.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression > MemberExpression.callee[property.name='transaction']",
          message: 'Open a transaction with writeTransaction (db/write-transaction): it begins IMMEDIATE (ADR 187).',
        },
        ...[`Literal[value=${DEFERRED_SQL}]`, `TemplateLiteral > TemplateElement[value.raw=${DEFERRED_SQL}]`].map(
          (sql) => ({
            selector: `CallExpression[callee.property.name=/^(exec|prepare)$/] > ${sql}`,
            message: 'Only BEGIN IMMEDIATE or EXCLUSIVE: use writeTransaction (db/write-transaction, ADR 187).',
          }),
        ),
      ],
    },
  },
  {
    files: [
      'web/src/{features,lib,db}/**/*.{ts,tsx}',
      'server/src/features/**/*.ts',
      'server/src/{lib,db,config}/**/*.ts',
      'shared/src/**/*.ts',
    ],
    plugins: { boundaries: featureBoundaries },
    rules: { 'boundaries/no-cross-feature-imports': 'error' },
  },
);
