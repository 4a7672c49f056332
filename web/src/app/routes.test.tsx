import { readFileSync } from 'node:fs';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setApiOrigin } from '../lib/api/client';
import { LANG_BOOTED_KEY } from '../lib/i18n/detect-locale';
import { localeLoader } from '../lib/i18n/load-locale';
import { LOCALES_DIR } from '../test/disk-messages';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../test/fakes/http-server';
import { routes } from './routes';

/**
 * The real route table, root loader, layout and session against a loopback server that serves
 * web/public/locales and answers the session calls as an anonymous visitor.
 */
let server: LoopbackServer;
let localesBroken = false;
let browserLanguages: string[] = ['fr-BE'];

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    if (req.path.startsWith('/locales/')) {
      if (localesBroken) return void res.writeHead(503).end();
      try {
        return void res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(readFileSync(`${LOCALES_DIR}${req.path.slice('/locales/'.length)}`));
      } catch {
        return void res.writeHead(404).end();
      }
    }
    if (req.path === '/api/auth/csrf/') return sendJson(res, 200, { csrfToken: 't' });
    if (req.path === '/api/auth/me/') return sendJson(res, 200, { user: null });
    sendJson(res, 404, { detail: 'Introuvable', code: 'not_found' });
  });
  Object.defineProperty(window.navigator, 'languages', { configurable: true, get: () => browserLanguages });
});
afterAll(() => server.close());
beforeEach(() => {
  localesBroken = false;
  browserLanguages = ['fr-BE'];
  localeLoader.configure({ baseUrl: `${server.origin}/locales`, sleep: async () => undefined });
  setApiOrigin(server.origin);
});

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const WALL = {
  fr: 'L’Espace Pro : vos prix d’achat et de vente en 60 secondes',
  en: 'Espace Pro: your purchase and selling prices in 60 seconds',
  nl: 'Espace Pro: uw aankoop- en verkoopprijzen in 60 seconden',
};

// Page chunks are transformed on first import: on 2 shared cores that can take seconds.
const SLOW = { timeout: 10_000 };

async function settledAt(router: ReturnType<typeof createMemoryRouter>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname), SLOW);
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'), SLOW);
}

// The shared layouts are lazy chunks in the app; loaded once up front so the first test does not
// pay the module transform inside its timeouts.
beforeAll(async () => {
  await Promise.all([import('./layout/layout'), import('./layout/plain-layout')]);
});

describe('routing and language', () => {
  it('bare pages are French with the shared layout', async () => {
    // A visitor on the Pro tool route meets its wall (app/pro-wall.tsx).
    const router = renderApp('/pro');
    await settledAt(router, '/pro');
    expect(await screen.findByRole('heading', { name: WALL.fr }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('navbar')).toBeTruthy();
    expect(screen.getByTestId('footer')).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('a language prefix sets the interface and <html lang>', async () => {
    const router = renderApp('/nl/nego');
    await settledAt(router, '/nl/nego');
    expect(await screen.findByRole('heading', { name: WALL.nl }, SLOW)).toBeTruthy();
    expect(document.documentElement.lang).toBe('nl');
  });

  it('the first bare visit to home redirects a Dutch browser to /nl', async () => {
    browserLanguages = ['nl-BE', 'fr'];
    const router = renderApp('/');
    await settledAt(router, '/nl');
    expect(sessionStorage.getItem(LANG_BOOTED_KEY)).toBe('nl');
    await waitFor(() => expect(document.documentElement.lang).toBe('nl'));
  });

  it('does not redirect home again in the same session', async () => {
    browserLanguages = ['en-GB'];
    sessionStorage.setItem(LANG_BOOTED_KEY, 'fr');
    const router = renderApp('/');
    await settledAt(router, '/');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('the language menu opens the same page under the other prefix', async () => {
    const router = renderApp('/pro?from=mail');
    await screen.findByRole('heading', { name: WALL.fr }, SLOW);
    fireEvent.change(screen.getByTestId('lang-select'), { target: { value: 'en' } });
    await settledAt(router, '/en/nego');
    expect(router.state.location.search).toBe('?from=mail');
    expect(await screen.findByRole('heading', { name: WALL.en }, SLOW)).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(sessionStorage.getItem(LANG_BOOTED_KEY)).toBe('en');
  });

  it('the plans page is /offers bare and /{lang}/pro; /{lang}/offers goes there', async () => {
    const router = renderApp('/en/offers');
    await settledAt(router, '/en/pro');
  });
});

describe('unknown paths (ADR: catch-all and language wrapper rules)', () => {
  it.each([
    ['/de/about', '/404'],
    ['/es', '/404'],
    ['/en-gb/faq', '/404'],
    ['/fr/en/about', '/fr/404'],
    ['/nl/xx', '/nl/404'],
    ['/wp-login.php', '/404'],
    ['/en/a_b/c', '/en/404'],
  ])('%s redirects to %s', async (from, to) => {
    const router = renderApp(from);
    await settledAt(router, to);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('shows the 404 page in the language of the prefix', async () => {
    const router = renderApp('/en/de');
    await settledAt(router, '/en/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it.each(['/dafalgan-1g', '/nl/isobetadine-dermicum/10-pct'])(
    '%s is a product landing page (not redirected)',
    async (path) => {
      const router = renderApp(path);
      await settledAt(router, path);
      expect(screen.queryByTestId('not-found')).toBeNull();
    },
  );
});

describe('plain layout and boot states', () => {
  it('/admin shows a visitor the 404 page, in the plain layout', async () => {
    const router = renderApp('/admin');
    await settledAt(router, '/admin');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByTestId('admin-users')).toBeNull();
    expect(screen.queryByTestId('navbar')).toBeNull(); // plain layout
  });

  it('shows an error with a retry button when the locale cannot be loaded, and recovers', async () => {
    localesBroken = true;
    renderApp('/en/nego');
    expect(await screen.findByTestId('boot-error', {}, SLOW)).toBeTruthy();
    localesBroken = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByRole('heading', { name: WALL.en }, SLOW)).toBeTruthy();
  });
});
