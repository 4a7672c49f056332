import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiOrigin } from '../../lib/api/client';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../test/fakes/http-server';
import { renderWithProviders } from '../../test/render';
import { Navbar } from './navbar';
import { MENU_HINT_KEY } from './use-burger-hint';

/** The real SessionProvider talks to this loopback server; `me` is who the server says we are. */
let server: LoopbackServer;
let me: unknown = null;

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    if (req.path === '/api/auth/csrf/') return sendJson(res, 200, { csrfToken: 'tok' });
    if (req.path === '/api/auth/me/') return sendJson(res, 200, { user: me });
    if (req.path === '/api/auth/logout/') {
      me = null;
      return sendJson(res, 200, { detail: 'ok' });
    }
    sendJson(res, 404, { detail: 'no', code: 'not_found' });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  me = null;
  server.received.length = 0;
  setApiOrigin(server.origin);
  localStorage.setItem(MENU_HINT_KEY, '1'); // hint tests remove it
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const user = (over: Record<string, unknown> = {}) => ({
  id: 7,
  email: 'marie.dupont@example.be',
  username: 'marie',
  first_name: 'marie',
  last_name: 'Dupont',
  is_pro: false,
  plan: 'free',
  subscription_status: 'none',
  ...over,
});

function renderNavbar(route = '/about', locale: 'fr' | 'en' | 'nl' = 'fr') {
  return renderWithProviders(<Navbar />, { route, locale, session: true });
}

describe('navbar links', () => {
  it('logged out: comparator, Espace Pro, About, login and upgrade (bare paths)', async () => {
    renderNavbar('/about');
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Comparateur de prix' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Espace Pro' }).getAttribute('href')).toBe('/pro');
    expect(within(nav).getByRole('link', { name: 'À propos' }).getAttribute('aria-current')).toBe('page');
    expect((await screen.findByRole('link', { name: 'Se connecter' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Passez au Niveau Supérieur' }).getAttribute('href')).toBe('/offers');
  });

  it('keeps the language prefix and the renamed paths under /en', async () => {
    renderNavbar('/en/about', 'en');
    expect(screen.getByRole('link', { name: 'Espace Pro' }).getAttribute('href')).toBe('/en/nego');
    expect(screen.getByRole('link', { name: 'Price comparator' }).getAttribute('href')).toBe('/en');
    expect((await screen.findByRole('link', { name: 'Step Up to the Next Level' })).getAttribute('href')).toBe(
      '/en/pro',
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/login');
  });

  it('logged in: free badge, avatar initial and the account menu; logout returns to anonymous', async () => {
    me = user();
    renderNavbar('/about');
    const avatar = await screen.findByTestId('avatar');
    expect(avatar.textContent).toBe('M');
    expect(screen.getByTestId('plan-badge').textContent).toBe('Gratuit');
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();

    fireEvent.click(avatar);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Voir le compte' }).getAttribute('href')).toBe('/compte');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(avatar);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
    // The device acts signed out at once; the server's confirmation then clears the pending logout.
    await waitFor(() =>
      expect(server.received.some((r) => r.method === 'POST' && r.path === '/api/auth/logout/')).toBe(true),
    );
    await waitFor(() => expect(localStorage.getItem('pe_logout_pending')).toBeNull());
  });

  it('shows the Pro badge and falls back to the e-mail initial', async () => {
    me = user({ first_name: '', is_pro: true, plan: 'pro', email: 'zoe@example.be' });
    renderNavbar('/nl/about', 'nl');
    expect((await screen.findByTestId('avatar')).textContent).toBe('Z');
    expect(screen.getByTestId('plan-badge').textContent).toBe('Pro');
  });

  it('shows the Ultra badge for an Ultra user', async () => {
    me = user({ is_pro: true, plan: 'ultra' });
    renderNavbar('/about', 'fr');
    expect((await screen.findByTestId('plan-badge')).textContent).toBe('Ultra');
  });
});

describe('burger drawer', () => {
  it('opens and closes with Escape, giving focus back to the burger', () => {
    renderNavbar();
    const burger = screen.getByTestId('burger');
    expect(burger.getAttribute('aria-label')).toBe('Ouvrir le menu');
    fireEvent.click(burger);
    expect(screen.getByTestId('drawer')).toBeTruthy();
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(burger.getAttribute('aria-label')).toBe('Fermer le menu');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('drawer')).toBeNull();
    expect(document.activeElement).toBe(burger);

    fireEvent.click(burger);
    fireEvent.click(within(screen.getByTestId('drawer')).getByRole('button', { name: 'Fermer le menu' }));
    expect(screen.queryByTestId('drawer')).toBeNull();
  });

  it('closes on a press outside, not inside', () => {
    renderNavbar();
    fireEvent.click(screen.getByTestId('burger'));
    fireEvent.pointerDown(screen.getByTestId('drawer'));
    expect(screen.getByTestId('drawer')).toBeTruthy();
    fireEvent.pointerDown(screen.getByTestId('drawer-backdrop'));
    expect(screen.queryByTestId('drawer')).toBeNull();
  });

  it('closes when a link navigates', async () => {
    const { router } = renderNavbar('/about');
    fireEvent.click(screen.getByTestId('burger'));
    fireEvent.click(within(screen.getByTestId('drawer')).getByRole('link', { name: 'Espace Pro' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro'));
    expect(screen.queryByTestId('drawer')).toBeNull();
  });

  it('shows the burger hint once for 1.8 s, remembered in local storage', () => {
    localStorage.removeItem(MENU_HINT_KEY);
    vi.useFakeTimers();
    const first = renderNavbar();
    expect(screen.getByTestId('burger-hint').textContent).toBe('Le menu est ici');
    act(() => vi.advanceTimersByTime(1799));
    expect(screen.getByTestId('burger-hint')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('burger-hint')).toBeNull();
    expect(localStorage.getItem(MENU_HINT_KEY)).not.toBeNull();
    first.unmount();

    renderNavbar();
    expect(screen.queryByTestId('burger-hint')).toBeNull();
  });

  it('does not show the hint on a desktop-wide screen', () => {
    localStorage.removeItem(MENU_HINT_KEY);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    renderNavbar();
    expect(screen.queryByTestId('burger-hint')).toBeNull();
    expect(localStorage.getItem(MENU_HINT_KEY)).toBeNull();
  });
});

it('condenses once the page scrolled beyond 8 px', () => {
  renderNavbar();
  const navbar = screen.getByTestId('navbar');
  expect(navbar.classList.contains('navbar--condensed')).toBe(false);
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 8 });
    window.dispatchEvent(new Event('scroll'));
  });
  expect(navbar.classList.contains('navbar--condensed')).toBe(false);
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 9 });
    window.dispatchEvent(new Event('scroll'));
  });
  expect(navbar.classList.contains('navbar--condensed')).toBe(true);
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});
