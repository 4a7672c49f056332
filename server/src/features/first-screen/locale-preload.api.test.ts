import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeWebDist, startTestServer, type TestServer } from '../../../test/helpers/test-server';

// The translation files of the page's language are announced in the HTML, so a phone fetches them
// while the JavaScript downloads instead of after it ran.
describe('index.html preloads the translation files of the language the page will show', () => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = createFakeWebDist(mkdtempSync(join(tmpdir(), 'pharmaradar-dist-')));
    for (const locale of ['fr', 'en', 'nl']) {
      mkdirSync(join(distDir, 'locales', locale), { recursive: true });
      for (const ns of ['common', 'search']) writeFileSync(join(distDir, 'locales', locale, `${ns}.json`), '{}\n');
    }
    server = await startTestServer({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  async function preloads(path: string, acceptLanguage = 'fr-BE'): Promise<string[]> {
    const res = await fetch(`${server.url}${path}`, {
      headers: { accept: 'text/html', 'accept-language': acceptLanguage },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g)].map(
      (m) => m[1]!,
    );
  }

  it('a prefixed address preloads its language', async () => {
    expect(await preloads('/nl/about', 'en-GB')).toEqual(['/locales/nl/common.json', '/locales/nl/search.json']);
    expect(await preloads('/en/', 'nl-BE')).toEqual(['/locales/en/common.json', '/locales/en/search.json']);
  });

  it('the bare home page preloads the browser language a first visit is sent to; other bare pages French', async () => {
    expect(await preloads('/', 'en-US,en;q=0.9')).toEqual(['/locales/en/common.json', '/locales/en/search.json']);
    expect(await preloads('/', 'de-DE')).toEqual(['/locales/fr/common.json', '/locales/fr/search.json']);
    expect(await preloads('/about', 'nl-BE')).toEqual(['/locales/fr/common.json', '/locales/fr/search.json']);
  });

  it('the preloaded files are served', async () => {
    const res = await fetch(`${server.url}/locales/nl/search.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });
});
