import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_USER } from '@pharmaradar/shared/user.schema';
import { useSession } from '../../lib/session/use-session';
import { SessionContext, type SessionValue } from '../../lib/session/session-context';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { AdSlot } from './ad-slot';

function session(overrides: Partial<SessionValue> & { isPro?: boolean }): SessionValue {
  const { isPro = false, ...rest } = overrides;
  return {
    booted: true,
    bootError: null,
    user: { ...ANONYMOUS_USER, isPro },
    isAuthenticated: isPro,
    reload: async () => ANONYMOUS_USER,
    logout: async () => true,
    setUser: () => ANONYMOUS_USER,
    ...rest,
  };
}

const renderWith = (value: SessionValue | null) =>
  renderWithProviders(<AdSlot />, {
    locale: 'fr',
    wrapper: (children) =>
      value ? <SessionContext.Provider value={value}>{children}</SessionContext.Provider> : children,
  });

const api = serveAuthApi();

function Booted() {
  const { booted } = useSession();
  return booted ? <span data-testid="session-booted" /> : null;
}

/** The slot in French under the real session, once the session has asked the server who is there. */
async function renderBooted() {
  renderWithProviders(<AdSlot />, {
    locale: 'fr',
    session: true,
    wrapper: (children) => (
      <>
        {children}
        <Booted />
      </>
    ),
  });
  await screen.findByTestId('session-booted');
}

describe('AdSlot', () => {
  it.each([
    ['free', testUser(), true],
    ['Pro', testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' }), false],
    ['Ultra', testUser({ is_pro: true, plan: 'ultra' }), false],
  ])('through the real session, a %s user sees the ad: %s', async (_plan, user, shown) => {
    api.user = user;
    await renderBooted();
    expect(screen.queryByTestId('ad-slot') !== null).toBe(shown);
  });

  it('shows the house ad to a visitor and a free user, linking to the plans', () => {
    renderWith(session({}));
    expect(screen.getByTestId('ad-slot').textContent).toContain('Publicité');
    expect(screen.getByRole('link', { name: 'Voir les offres' }).getAttribute('href')).toBe('/offers');
  });

  it('shows it without any session provider (visitor)', () => {
    renderWith(null);
    expect(screen.getByTestId('ad-slot')).toBeTruthy();
  });

  describe('with an ad network configured on the server', () => {
    const network = { scriptUrl: 'https://ads.example.net/loader.js?client=ca-pub-42', clientId: 'ca-pub-42' };
    const loaderScripts = () => [...document.querySelectorAll('script[data-pe-ad-network]')] as HTMLScriptElement[];
    afterEach(() => loaderScripts().forEach((s) => s.remove()));

    it('a free user gets the network ad unit and its script, once', async () => {
      api.user = testUser();
      api.on('GET /api/ads/config/', { body: { network } });
      renderWithProviders(
        <>
          <AdSlot />
          <AdSlot />
        </>,
        { locale: 'en', session: true },
      );
      const units = await screen.findAllByTestId('ad-network');
      expect(units.map((u) => u.getAttribute('data-ad-client'))).toEqual(['ca-pub-42', 'ca-pub-42']);
      expect(screen.queryByText('See the plans')).toBeNull();
      // The script is added in an effect, which may run just after the units show.
      await waitFor(() =>
        expect(loaderScripts().map((s) => [s.src, s.dataset.adClient, s.async])).toEqual([
          [network.scriptUrl, 'ca-pub-42', true],
        ]),
      );
    });

    it.each([
      ['Pro', testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' })],
      ['Ultra', testUser({ is_pro: true, plan: 'ultra' })],
    ])('a %s user gets no slot, no network request and no script', async (_plan, user) => {
      api.user = user;
      api.on('GET /api/ads/config/', { body: { network } });
      await renderBooted();
      expect(screen.queryByTestId('ad-slot')).toBeNull();
      expect(api.received.some((r) => r.path.startsWith('/api/ads/config'))).toBe(false);
      expect(loaderScripts()).toEqual([]);
    });

    it('keeps the house ad when no network is configured', async () => {
      api.user = testUser();
      api.on('GET /api/ads/config/', { body: { network: null } });
      renderWithProviders(<AdSlot />, { locale: 'fr', session: true });
      expect(await screen.findByRole('link', { name: 'Voir les offres' })).toBeTruthy();
      await waitFor(() => expect(api.received.some((r) => r.path.startsWith('/api/ads/config'))).toBe(true));
      await act(async () => undefined);
      expect(screen.queryByTestId('ad-network')).toBeNull();
      expect(loaderScripts()).toEqual([]);
    });
  });

  it('hides it from a Pro user, and while the session is still loading', () => {
    const { unmount } = renderWith(session({ isPro: true }));
    expect(screen.queryByTestId('ad-slot')).toBeNull();
    unmount();
    renderWith(session({ booted: false }));
    expect(screen.queryByTestId('ad-slot')).toBeNull();
  });
});
