import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/paths';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { runSmoke } from './smoke';

const run = promisify(execFile);
const failing = (results: Awaited<ReturnType<typeof runSmoke>>) => results.filter((r) => !r.ok).map((r) => r.name);

/** Something that answers 200 to everything, like a parked domain or a misrouted proxy. */
async function startBareServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((_, res) => res.end('hello'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('npm run smoke -- <url>', () => {
  let plain: TestServer;
  let behindTls: TestServer;
  let bare: { url: string; server: Server };
  beforeAll(async () => {
    plain = await startTestServer();
    // As behind a TLS proxy: the public address is https, so cookies are Secure and HSTS is sent.
    behindTls = await startTestServer({ PUBLIC_URL: 'https://pharmaradar.example', TRUST_PROXY: 'true' });
    bare = await startBareServer();
  });
  afterAll(async () => {
    await plain?.close();
    await behindTls?.close();
    bare?.server.close();
  });

  it('passes every check on an instance as deployed: health, headers, cookies, service worker, search', async () => {
    const results = await runSmoke(plain.url);
    expect(results.map((r) => r.name)).toEqual(['health', 'security headers', 'cookies', 'service worker', 'search']);
    expect(failing(results), JSON.stringify(results)).toEqual([]);
    expect(failing(await runSmoke(behindTls.url, { https: true }))).toEqual([]);
  });

  it('fails the cookie check when an https instance hands out cookies without Secure', async () => {
    const results = await runSmoke(plain.url, { https: true });
    expect(failing(results)).toEqual(['cookies']);
    expect(results.find((r) => r.name === 'cookies')?.detail).toMatch(/not Secure/);
  });

  it('fails what a wrong host does not serve, and the command exits 1 saying which', async () => {
    expect(failing(await runSmoke(bare.url))).toEqual([
      'health',
      'security headers',
      'cookies',
      'service worker',
      'search',
    ]);
    const cli = join(REPO_ROOT, 'server/src/jobs/smoke.cli.ts');
    const exitCode = await run(process.execPath, ['--import', 'tsx', cli, bare.url], { cwd: join(REPO_ROOT, 'server') })
      .then(() => 0)
      .catch((error: { code: number; stdout: string }) => {
        expect(error.stdout).toMatch(/^FAIL health: /m);
        return error.code;
      });
    expect(exitCode).toBe(1);
    const good = await run(process.execPath, ['--import', 'tsx', cli, plain.url], { cwd: join(REPO_ROOT, 'server') });
    expect(good.stdout).toMatch(/^ok {3}search: \d+ products/m);
  });
});
