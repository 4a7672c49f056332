import type { BrowserContext } from 'playwright-core';
import { startFakeGoogleIdp, type FakeGoogleIdp } from '../../../server/test/fakes/google-idp';

/**
 * Google's two sides, on loopback and in the browser, speaking their real protocols:
 * - the JWKS endpoint and the RS256 ID tokens of the server's API tests (one fake, ADR 146);
 * - the Google Identity Services script (https://accounts.google.com/gsi/client), served by a
 *   Playwright route: `google.accounts.id.initialize/renderButton/prompt/cancel`, handing the
 *   registered callback `{credential}` as GIS does.
 */
export type FakeGoogle = FakeGoogleIdp;

export const startFakeGoogle = (clientId = 'e2e-client.apps.googleusercontent.com'): Promise<FakeGoogle> =>
  startFakeGoogleIdp(clientId);

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
