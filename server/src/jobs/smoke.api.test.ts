import { execFile } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/paths';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { createDrawingWebDist, removeDrawingWebDist } from '../features/first-screen/first-screen.test-support';
import { runSmoke } from './smoke';

const run = promisify(execFile);
const failing = (results: Awaited<ReturnType<typeof runSmoke>>) => results.filter((r) => !r.ok).map((r) => r.name);

/** Something that answers 200 to everything, like a parked domain or a misrouted proxy. */
async function startBareServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((_, res) => res.end('hello'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * A proxy that holds each response whole and sends it at the end, as Caddy 2.6's `encode` does with a
 * stream: headers and bytes pass unchanged, only later.
 */
async function startHoldingProxy(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const upstream = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        res.writeHead(answer.statusCode ?? 502, headers);
        res.end(Buffer.concat(chunks));
      });
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

// A build that draws a search address's page (ADR 180): its top at once, its results once the shops
// answered; they answer after a while, as live ones do, so the top comes well before the end.
const RENDERER = `
export function renderFirstScreen() {
  return '<section class="home-hero">hero</section><div class="home__content" data-results-slot=""></div>';
}
export function renderSearchResults(page) {
  return '<section data-prices-part="results">' + page.events.length + ' answers</section>';
}
`;
const distDir = createDrawingWebDist(RENDERER);
const SHOP_LATENCY = {
  WEB_DIST_DIR: distDir,
  RETAILERS_MODE: 'demo',
  DEMO_LATENCY_MS: 'farmaline:150,medimarket:250,multipharma:300',
};
const CHECKS = ['health', 'security headers', 'cookies', 'service worker', 'search', 'search page streams'];

describe('npm run smoke -- <url>', () => {
  let plain: TestServer;
  let behindTls: TestServer;
  let bare: { url: string; server: Server };
  beforeAll(async () => {
    plain = await startTestServer(SHOP_LATENCY);
    // As behind a TLS proxy: the public address is https, so cookies are Secure and HSTS is sent.
    behindTls = await startTestServer({
      PUBLIC_URL: 'https://pharmaradar.example',
      TRUST_PROXY: 'true',
      ...SHOP_LATENCY,
    });
    bare = await startBareServer();
  });
  afterAll(async () => {
    await plain?.close();
    await behindTls?.close();
    bare?.server.close();
    removeDrawingWebDist(distDir);
  });

  it('passes every check on an instance as deployed: health, headers, cookies, service worker, search, streaming', async () => {
    const results = await runSmoke(plain.url);
    expect(results.map((r) => r.name)).toEqual(CHECKS);
    expect(failing(results), JSON.stringify(results)).toEqual([]);
    expect(failing(await runSmoke(behindTls.url, { https: true }))).toEqual([]);
  });

  it('fails the cookie check when an https instance hands out cookies without Secure', async () => {
    const results = await runSmoke(plain.url, { https: true });
    expect(failing(results)).toEqual(['cookies']);
    expect(results.find((r) => r.name === 'cookies')?.detail).toMatch(/not Secure/);
  });

  it('fails the streaming check, and only it, behind a proxy that holds the page until its end', async () => {
    const holding = await startHoldingProxy(plain.url);
    try {
      const results = await runSmoke(holding.url);
      expect(failing(results), JSON.stringify(results)).toEqual(['search page streams']);
      expect(results.find((r) => r.name === 'search page streams')?.detail).toMatch(/held until the end/);
    } finally {
      holding.server.close();
    }
  });

  it('fails what a wrong host does not serve, and the command exits 1 saying which', async () => {
    expect(failing(await runSmoke(bare.url))).toEqual(CHECKS);
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
