import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';

/**
 * Google's two sides, on loopback and in the browser, speaking their real protocols:
 * - a JWKS endpoint (as https://www.googleapis.com/oauth2/v3/certs) with a local RSA key, which the
 *   server reads through GOOGLE_JWKS_URL, and RS256 ID tokens signed with that key;
 * - the Google Identity Services script (https://accounts.google.com/gsi/client), served by a
 *   Playwright route: `google.accounts.id.initialize/renderButton/prompt/cancel`, handing the
 *   registered callback `{credential}` as GIS does.
 */
export interface FakeGoogle {
  clientId: string;
  jwksUrl: string;
  idToken(user: { sub: string; email: string; given_name?: string; family_name?: string }): string;
  close(): Promise<void>;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export async function startFakeGoogle(clientId = 'e2e-client.apps.googleusercontent.com'): Promise<FakeGoogle> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...(publicKey as KeyObject).export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/oauth2/v3/certs') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    clientId,
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    idToken(user) {
      const now = Math.floor(Date.now() / 1000);
      const header = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
      const payload = b64url(
        JSON.stringify({
          iss: 'https://accounts.google.com',
          aud: clientId,
          azp: clientId,
          email_verified: true,
          iat: now,
          exp: now + 3600,
          ...user,
        }),
      );
      const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey);
      return `${header}.${payload}.${b64url(signature)}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const GIS_URL = 'https://accounts.google.com/gsi/client';

/** The GIS script the browser gets: its button and One Tap hand `credential` to the page's callback. */
function gisScript(credential: string | null, oneTap: boolean): string {
  return `(() => {
  const credential = ${JSON.stringify(credential)};
  let callback = null;
  window.__fakeGis = { prompts: 0, cancels: 0 };
  window.google = { accounts: { id: {
    initialize(config) { callback = config.callback; },
    renderButton(parent) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Sign in with Google';
      button.dataset.testid = 'fake-google-button';
      button.addEventListener('click', () => { if (callback && credential) callback({ credential, select_by: 'btn' }); });
      parent.appendChild(button);
    },
    prompt() {
      window.__fakeGis.prompts += 1;
      if (${oneTap} && callback && credential) setTimeout(() => callback({ credential, select_by: 'auto' }), 0);
    },
    cancel() { window.__fakeGis.cancels += 1; },
    disableAutoSelect() {},
  } } };
})();`;
}

/** Serves the fake GIS script to every page of `context` (nothing reaches the internet). */
export async function routeGoogleScript(
  context: BrowserContext,
  options: { credential?: string | null; oneTap?: boolean } = {},
): Promise<void> {
  await context.route(GIS_URL, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      body: gisScript(options.credential ?? null, options.oneTap ?? false),
    }),
  );
}
