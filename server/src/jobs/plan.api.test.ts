import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { registeredClient } from '../features/billing/billing.test-support';
import { signedIn, staffCli } from '../features/admin/admin.test-support';
import { parsePlanArgs } from './plan-args';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./plan.cli.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function plan(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
  });
}

describe('npm run plan', () => {
  // Each run starts a Node process with tsx: seconds on a loaded machine, hence the long limits.
  it('sets Ultra (with an end date) and back to free; /api/auth/me/ follows', { timeout: 180_000 }, async () => {
    const client = await registeredClient(server, 'ultra@example.be');
    const out = await plan('Ultra@Example.be', 'ultra', '2099-12-31');
    expect(out.stdout).toContain('ultra@example.be: ultra until 2099-12-31 (plan now: ultra)');
    expect((await client.get('/api/auth/me/')).body.user).toMatchObject({
      plan: 'ultra',
      is_pro: true,
      search_quota: 20000,
      pro_until: '2099-12-31T21:59:59.000Z',
    });
    // The change is in the admin audit log, with the command line as the actor.
    const staff = await signedIn(server, 'boss@example.be');
    await staffCli(server, 'boss@example.be');
    const entries = (await staff.get('/api/admin/audit/')).body.entries as Array<Record<string, unknown>>;
    const change = entries.find((e) => e.action === 'set_plan');
    expect(change).toMatchObject({
      action: 'set_plan',
      target_email: 'ultra@example.be',
      details: { plan: 'ultra', until: '2099-12-31', before: 'free' },
    });
    expect(change!.actor_email).toMatch(/^command line \(.+\)$/);
    expect(Math.abs(Date.parse(change!.at as string) - Date.now())).toBeLessThan(120_000);

    await plan('ultra@example.be', 'pro');
    expect((await client.get('/api/auth/me/')).body.user).toMatchObject({
      plan: 'pro',
      pro_until: null,
      search_quota: 2000,
    });
    await plan('ultra@example.be', 'free');
    expect((await client.get('/api/auth/me/')).body.user).toMatchObject({ plan: 'free', is_pro: false });
    const after = (await staff.get('/api/admin/audit/')).body.entries as Array<Record<string, unknown>>;
    expect(after.filter((e) => e.action === 'set_plan').map((e) => e.details)).toEqual([
      { plan: 'free', until: null, before: 'pro' },
      { plan: 'pro', until: null, before: 'ultra' },
      { plan: 'ultra', until: '2099-12-31', before: 'free' },
    ]);
  });

  it('refuses unknown accounts and bad arguments', { timeout: 120_000 }, async () => {
    await expect(plan('nobody@example.be', 'pro')).rejects.toMatchObject({ code: 1 });
    expect(parsePlanArgs(['a@b.be', 'pro', '2020-01-01'], Date.now())).toEqual({
      error: 'The date 2020-01-01 is already past.',
    });
    expect(parsePlanArgs(['a@b.be', 'pro', '31/12/2099'], Date.now())).toHaveProperty('error');
    expect(parsePlanArgs(['a@b.be', 'gold'], Date.now())).toHaveProperty('error');
    expect(parsePlanArgs(['A@B.be', 'pro'], Date.now())).toEqual({ email: 'a@b.be', plan: 'pro', until: null });
  });
});
