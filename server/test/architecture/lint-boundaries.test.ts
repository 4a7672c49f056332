import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundary rule of eslint.config.js, run on made-up files: it must fail on the imports it forbids
// and pass the ones it allows, in both workspaces and the shared package (docs/decisions/016, 149).

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const RULE = 'boundaries/no-cross-feature-imports';

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO });
  const [result] = await eslint.lintText(code, { filePath: `${REPO}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('lint rule: feature boundaries', () => {
  it.each([
    [
      'server sideways',
      'server/src/features/search/x.ts',
      "import { a } from '../accounts/accounts.module';",
      /Feature 'search' must not import feature 'accounts'/,
    ],
    [
      'server sideways, deeper path',
      'server/src/features/accounts/x.ts',
      "export { a } from '../../features/products/products.service';",
      /Feature 'accounts' must not import feature 'products'/,
    ],
    [
      'server sideways, dynamic import',
      'server/src/features/contact/x.ts',
      "export const m = () => import('../search/search.module');",
      /Feature 'contact' must not import feature 'search'/,
    ],
    [
      'server feature up to app.ts',
      'server/src/features/health/x.ts',
      "import type { A } from '../../app';",
      /composition root \(server\/src\/app\)/,
    ],
    [
      'server feature up to app-deps.ts',
      'server/src/features/health/x.ts',
      "import type { AppDeps } from '../../app-deps';",
      /composition root/,
    ],
    [
      'server feature up to compose.ts',
      'server/src/features/market/x.ts',
      "import { composeApp } from '../../compose';",
      /composition root/,
    ],
    [
      'server lib up to a feature',
      'server/src/lib/x.ts',
      "import { a } from '../features/accounts/session.service';",
      /server\/src\/lib\/x.ts must not import feature 'accounts'/,
    ],
    [
      'server db up to a feature',
      'server/src/db/x.ts',
      "import { a } from '../features/search/search.module';",
      /must not import feature 'search'/,
    ],
    [
      'server config up to a feature',
      'server/src/config/x.ts',
      "import { a } from '../features/contact/contact.routes';",
      /must not import feature 'contact'/,
    ],
    [
      'web sideways',
      'web/src/features/search/x.ts',
      "import { a } from '../accounts/x';",
      /Feature 'search' must not import feature 'accounts'/,
    ],
    [
      'web sideways from a non-page file',
      'web/src/features/products/use-x.ts',
      "import { a } from '../search/search-context';",
      /Feature 'products' must not import feature 'search'/,
    ],
    [
      'web page up to app',
      'web/src/features/products/x.page.tsx',
      "import { a } from '../../app/layout/layout';",
      /composition root/,
    ],
    [
      'web feature to the first screen (it runs before the app)',
      'web/src/features/products/x.ts',
      "import { a } from '../../first-screen/first-screen-start';",
      /composition root \(web\/src\/first-screen\/first-screen-start\)/,
    ],
    [
      'web feature page composing another feature (pages that compose live in app/pages)',
      'web/src/features/products/x.page.tsx',
      "import { a } from '../search/live-prices';",
      /Feature 'products' must not import feature 'search'/,
    ],
    [
      'web feature test importing another feature',
      'web/src/features/search/x.test.tsx',
      "import { a } from '../products/use-product-landing';",
      /Feature 'search' must not import feature 'products'/,
    ],
    [
      'web lib up to a feature',
      'web/src/lib/x.ts',
      "import { a } from '../features/alerts/alerts-api';",
      /web\/src\/lib\/x.ts must not import feature 'alerts'/,
    ],
    [
      'web db up to the app',
      'web/src/db/x.ts',
      "import { a } from '../app/routes';",
      /web\/src\/db\/x.ts must not import the composition root/,
    ],
    [
      'shared up to the web',
      'shared/src/x.ts',
      "import { a } from '../../web/src/lib/api/client';",
      /shared\/src must not import/,
    ],
    [
      'shared importing itself by name',
      'shared/src/x.ts',
      "import { a } from '@pharmaradar/shared/cnk';",
      /shared\/src must not import/,
    ],
    [
      'web feature up to app',
      'web/src/features/search/x.ts',
      "import { a } from '../../app/routes';",
      /composition root/,
    ],
  ])('fails on a %s import', async (_name, file, code, message) => {
    const errors = await boundaryErrors(file, `${code}\nexport const x = 1;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [
      'server feature to lib, db, config and its own files',
      'server/src/features/search/x.ts',
      "import { a } from '../../lib/http-error';\nimport { b } from '../../db/database';\nimport { c } from '../../config/env';\nimport { d } from './search.service';\nimport { e } from '@pharmaradar/shared/cnk';",
    ],
    [
      'server lib to lib and config',
      'server/src/lib/x.ts',
      "import { a } from './http-error';\nimport { b } from '../config/env';",
    ],
    [
      'server composition root to features',
      'server/src/app.ts',
      "import { a } from './features/accounts/accounts.module';\nimport { b } from './features/search/search.module';",
    ],
    ['web feature to lib', 'web/src/features/search/x.ts', "import { a } from '../../lib/api';"],
    [
      'web page of the app composing several features',
      'web/src/app/pages/x.page.tsx',
      "import { a } from '../../features/search/live-prices';\nimport { b } from '../../features/alerts/price-alert-form';",
    ],
    ['shared to shared', 'shared/src/x.ts', "import { a } from './cnk';\nimport { z } from 'zod';"],
  ])('passes a %s import', async (_name, file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const x = 1;\n`)).toEqual([]);
  });
});
