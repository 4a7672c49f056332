import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The CSP directives of an answer, by name. */
function csp(res: Response): Record<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('a real ad network is plugged in by configuration', () => {
  it('without configuration: no ad network in the config answer, none allowed by the CSP', async () => {
    server = await startTestServer();
    const res = await fetch(new URL('/api/ads/config/', server.url));
    expect(await res.json()).toEqual({ network: null });
    const page = await fetch(new URL('/', server.url));
    const policy = csp(page);
    expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://accounts.google.com/gsi/client']);
    expect(policy['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
    expect(JSON.stringify(policy)).not.toContain('ads.example');
  });

  it('configured: the web learns the script and client, and the CSP allows exactly that origin', async () => {
    server = await startTestServer({
      AD_NETWORK_SCRIPT_URL: 'https://ads.example.net/tag/js/loader.js?client=ca-pub-42',
      AD_CLIENT_ID: 'ca-pub-42',
    });
    const res = await fetch(new URL('/api/ads/config/', server.url));
    expect(await res.json()).toEqual({
      network: { scriptUrl: 'https://ads.example.net/tag/js/loader.js?client=ca-pub-42', clientId: 'ca-pub-42' },
    });
    // Pages and files (a data answer loads nothing at all: its policy is 'none').
    for (const path of ['/', '/fr/pharmacies', '/no-such-page']) {
      const policy = csp(await fetch(new URL(path, server.url), { headers: { Accept: 'text/html' } }));
      for (const directive of ['script-src', 'frame-src', 'connect-src', 'img-src']) {
        expect(policy[directive], `${path} ${directive}`).toContain('https://ads.example.net');
      }
      // Only the origin: never a path, a wildcard or another host.
      expect(policy['script-src']).toEqual([
        "'self'",
        "'wasm-unsafe-eval'",
        'https://accounts.google.com/gsi/client',
        'https://ads.example.net',
      ]);
      expect(policy['object-src']).toEqual(["'none'"]);
    }
    for (const path of ['/api/health/', '/api/nope/']) {
      expect(csp(await fetch(new URL(path, server.url)))['default-src'], path).toEqual(["'none'"]);
    }
  });
});
