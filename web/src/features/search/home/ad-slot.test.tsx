import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_USER } from '@pharmaradar/shared/user.schema';
import { useSession } from '../../../lib/session';
import { SessionContext, type SessionValue } from '../../../lib/session/session-context';
import { serveAuthApi, testUser } from '../../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../../test/render';
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

describe('AdSlot', () => {
  it.each([
    ['free', testUser(), true],
    ['Pro', testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' }), false],
    ['Ultra', testUser({ is_pro: true, plan: 'ultra' }), false],
  ])('through the real session, a %s user sees the ad: %s', async (_plan, user, shown) => {
    api.user = user;
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

  it('hides it from a Pro user, and while the session is still loading', () => {
    const { unmount } = renderWith(session({ isPro: true }));
    expect(screen.queryByTestId('ad-slot')).toBeNull();
    unmount();
    renderWith(session({ booted: false }));
    expect(screen.queryByTestId('ad-slot')).toBeNull();
  });
});
