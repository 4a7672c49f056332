import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

// Features never import each other sideways, nor the app that composes them (web/src/app). The rule
// resolves every relative import so that '../search', '../../features/x' and deeper paths are all caught.
const FEATURE_OF = /[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;
const TARGET_OF = /[\\/]web[\\/]src[\\/](?:features[\\/]([^\\/]+)|(app))(?:[\\/]|$)/;
const featureBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        messages: {
          sideways: "Feature '{{from}}' must not import feature '{{to}}': move shared code to web/src/lib or shared/.",
          upward: "Feature '{{from}}' must not import web/src/app: the app composes features, not the reverse.",
        },
      },
      create(context) {
        const own = FEATURE_OF.exec(context.filename)?.[1];
        if (!own) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = TARGET_OF.exec(path.resolve(path.dirname(context.filename), source));
          if (!target) return;
          if (target[2]) context.report({ node, messageId: 'upward', data: { from: own } });
          else if (target[1] !== own)
            context.report({ node, messageId: 'sideways', data: { from: own, to: target[1] } });
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
    ignores: ['**/node_modules/**', '**/dist/**', 'web/dev-dist/**', 'data/**', 'e2e/artifacts/**', 'coverage/**'],
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
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries: featureBoundaries },
    rules: { 'boundaries/no-cross-feature-imports': 'error' },
  },
);
