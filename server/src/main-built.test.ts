import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildIsStale, SERVER_DIST, STAMP } from '../../scripts/server-build.mjs';
import { createTestClient } from '../test/helpers/test-client';
import { registration } from './features/accounts/accounts.test-support';
import { cleanupSpawned, spawnMain, stopMain, tempDataDir, waitForUrl } from './main-process.test-support';

afterEach(cleanupSpawned);

describe('the built server (npm run build, npm start: ADR 175)', () => {
  // A build of its own inside server/dist, so that node_modules resolve as for server/dist/main.js and
  // a concurrent `npm start` keeps its own files.
  const outdir = join(SERVER_DIST, `.test-${process.pid}`);
  beforeAll(async () => {
    await buildServer({ outdir });
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('starts with plain node, no transpiler, and serves /api/health', async () => {
    const main = join(outdir, 'main.js');
    // Compiled in: no import of tsx (or of any .ts file) is left for Node to resolve at run time.
    const code = readFileSync(main, 'utf8');
    expect(code).not.toMatch(/from\s+["'](?:tsx|[^"']+\.ts)["']/);
    expect(code).not.toMatch(/["']@pharmaradar\/shared/);
    // An environment without NODE_OPTIONS and no --import: Node 20 cannot run TypeScript by itself.
    const spawned = spawnMain({ NODE_OPTIONS: '' }, { built: main });
    const url = await waitForUrl(spawned);
    const health = await fetch(`${url}/api/health/`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'ok' });
    // Files read by path at run time resolve from the bundle: the migrations ran, the password list loads.
    expect(spawned.output()).toContain('migration applied');
    const common = await createTestClient(url).post(
      '/api/auth/register/',
      registration('common@example.be', { password: 'password123' }),
      { lang: 'en' },
    );
    expect(common.status).toBe(400);
    expect(common.body.code).toBe('password_common');
    await stopMain(spawned, 5000);
    expect(await spawned.exit).toBe(0);
  });

  it('runs a command from one folder deeper (jobs/purge.cli.js): the repository root is found from there too', () => {
    const run = spawnSync(process.execPath, [join(outdir, 'jobs', 'purge.cli.js')], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: tempDataDir() },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('migration applied');
    expect(run.stdout).toContain('purge done');
  });

  it('is fresh right after the build', () => {
    expect(serverBuildIsStale({ distDir: outdir })).toBe(false);
  });
});

describe('serverBuildIsStale (what npm start rebuilds)', () => {
  let root: string;
  const at = (file: string, seconds: number) => utimesSync(join(root, file), seconds, seconds);
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'pharmaradar-build-'));
    for (const dir of ['server/src/jobs', 'shared/src', 'server/dist']) mkdirSync(join(root, dir), { recursive: true });
    for (const file of ['server/src/main.ts', 'server/src/jobs/x.test.ts', 'shared/src/a.schema.ts'])
      writeFileSync(join(root, file), '');
    for (const file of ['server/src/main.ts', 'server/src/jobs/x.test.ts', 'shared/src/a.schema.ts']) at(file, 1000);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const stale = () => serverBuildIsStale({ root, distDir: join(root, 'server/dist') });

  it('is stale without a finished build (no stamp: never built, or a build cut short)', () => {
    expect(stale()).toBe(true);
  });

  it('is fresh when the build is newer than every source, stale when a server or shared source is newer', () => {
    writeFileSync(join(root, 'server/dist', STAMP), '');
    at(`server/dist/${STAMP}`, 2000);
    expect(stale()).toBe(false);
    at('server/src/main.ts', 3000);
    expect(stale()).toBe(true);
    at('server/src/main.ts', 1000);
    at('shared/src/a.schema.ts', 3000);
    expect(stale()).toBe(true);
  });

  it('ignores test files: editing a test does not rebuild the server', () => {
    at('shared/src/a.schema.ts', 1000);
    at('server/src/jobs/x.test.ts', 3000);
    expect(stale()).toBe(false);
  });
});
