import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_USER } from '@pharmaradar/shared/user.schema';
import { SessionContext, type SessionValue } from '../../../lib/session/session-context';
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
    logout: async () => undefined,
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

describe('AdSlot', () => {
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
