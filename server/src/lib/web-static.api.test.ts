import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeWebDist, startTestServer, type TestServer } from '../../test/helpers/test-server';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** node:http on purpose: fetch would announce its own encodings and decode the body before we see it. */
function get(baseUrl: string, path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files are sent precompressed by content negotiation', () => {
  let server: TestServer;
  let distDir: string;
  const appJs = `${'export const price = (n) => n.toFixed(2);\n'.repeat(200)}console.log("app");\n`;

  beforeAll(async () => {
    const base = mkdtempSync(join(tmpdir(), 'pharmaradar-dist-'));
    distDir = createFakeWebDist(base);
    // What web/scripts/compress-dist.mjs writes beside each asset at build time.
    const write = (rel: string, text: string) => {
      writeFileSync(join(distDir, rel), text);
      writeFileSync(join(distDir, `${rel}.br`), brotliCompressSync(text));
      writeFileSync(join(distDir, `${rel}.gz`), gzipSync(text));
    };
    write('assets/app-abc123.js', appJs);
    write('sw.js', `self.addEventListener("install", () => {});\n${'// precache list\n'.repeat(50)}`);
    server = await startTestServer({ WEB_DIST_DIR: distDir });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the Brotli copy to a client that accepts br, which decodes to the original file', async () => {
    const res = await get(server.url, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(Buffer.byteLength(appJs) / 4);
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(appJs);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const res = await get(server.url, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.body).toString('utf8')).toBe(appJs);
  });

  it('sends the file as is when no compression is accepted, still marked as varying', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }] as Array<Record<string, string>>) {
      const res = await get(server.url, '/assets/app-abc123.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body.toString('utf8')).toBe(appJs);
    }
  });

  it('keeps each file its own cache policy when compressed (the service worker is always revalidated)', async () => {
    const res = await get(server.url, '/sw.js', { 'Accept-Encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(readFileSync(join(distDir, 'sw.js'), 'utf8'));
  });

  it('answers HEAD with the length of the copy it would send', async () => {
    const res = await get(server.url, '/assets/app-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(readFileSync(join(distDir, 'assets/app-abc123.js.br')).length);
  });
});
