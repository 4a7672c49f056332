import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeWebDist } from '../../test/helpers/test-server';
import { runCli } from './cli-run.test-support';

// `npm run alerts:check` and `npm run market:refresh` run one pass of an app job in their own process:
// they compose what the job needs as the server does, but open no port, and exit once the pass is done
// (whatever they opened is closed, or the process would not end). Live mode here, so that no demo
// site stands in for the shops: the process has nothing at all to listen for. No Stripe keys and no
// BILLING_TEST_CHECKOUT either: a pass takes no payment, so live mode's checkout rule does not stop it.

describe('a pass of an app job from the command line', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pharmaradar-pass-'));
    env = {
      RETAILERS_MODE: 'live',
      RETAILERS: 'farmaline',
      // A loopback shop, which live mode refuses: nothing leaves this machine.
      FARMALINE_BASE_URL: 'http://127.0.0.1:9',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: createFakeWebDist(join(dataDir, 'web-dist')),
      LOG_LEVEL: 'warn',
      BACKUP_INTERVAL_H: '0',
    };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    ['alerts-check.cli.ts', 'alerts checked: 0 products, 0 e-mails, 0 push messages'],
    ['market-refresh.cli.ts', 'Market refresh: 0 wanted CNKs'],
  ])('%s runs its pass over DATA_DIR, listens on no port and exits', { timeout: 60_000 }, async (tool, summary) => {
    const run = await runCli(tool, env);
    expect(run.out).toContain(summary);
    expect(run.out).not.toContain('listening on');
    expect(run.code).toBe(0);
  });
});
