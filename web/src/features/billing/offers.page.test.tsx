import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { hostedPageUrl } from '../../test/fakes/billing-fixtures';
import { renderWithProviders } from '../../test/render';
import OffersPage from './offers.page';

const api = serveAuthApi();
afterEach(() => {
  window.location.hash = '';
});

function renderPage(locale: Locale = 'fr') {
  const prefix = locale === 'fr' ? '/offers' : `/${locale}/pro`;
  return renderWithProviders(<OffersPage />, { locale, route: prefix, session: true });
}

describe('plans page', () => {
  it('shows the three plans and the comparison; a visitor is sent to register for Pro (fr)', async () => {
    renderPage('fr');
    const pro = screen.getByTestId('plan-pro');
    const register = await within(pro).findByRole('link', { name: 'Créer un compte' });
    expect(register.getAttribute('href')).toBe('/register?plan=pro');
    expect(within(pro).getByTestId('pro-price').textContent).toMatch(/^30,00\s€ \/ mois TVA comprise$/);
    expect(
      within(screen.getByTestId('plan-ultra')).getByRole('link', { name: 'Nous contacter' }).getAttribute('href'),
    ).toBe('/contact?subject=ultra');
    expect(within(screen.getByTestId('plans-table')).getAllByRole('row')).toHaveLength(8);
  });

  it('starts the checkout for a free user and leaves for the hosted page (nl)', async () => {
    api.user = testUser();
    api.on('POST /api/billing/create-checkout-session/', { body: { url: hostedPageUrl('checkout') } });
    renderPage('nl');
    fireEvent.click(await screen.findByTestId('upgrade'));
    await waitFor(() => expect(window.location.hash).toBe('#checkout'));
    expect(api.bodies('POST /api/billing/create-checkout-session/')).toHaveLength(1);
  });

  it('says when the checkout cannot start and lets the user try again (en)', async () => {
    api.user = testUser();
    api.on('POST /api/billing/create-checkout-session/', {
      status: 502,
      body: { code: 'checkout_failed', detail: 'x' },
    });
    renderPage('en');
    const upgrade = (await screen.findByTestId('upgrade')) as HTMLButtonElement;
    fireEvent.click(upgrade);
    // The server answered and refused: the subscription could not start.
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to start the subscription.');
    await waitFor(() => expect(upgrade.disabled).toBe(false));
  });

  it('marks Pro as the current plan of a Pro user, and Ultra for an Ultra user', async () => {
    api.user = testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' });
    const { unmount } = renderPage('fr');
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Votre offre actuelle');
    expect(screen.queryByTestId('upgrade')).toBeNull();
    unmount();
    api.user = testUser({ is_pro: true, plan: 'ultra' });
    renderPage('fr');
    const ultra = screen.getByTestId('plan-ultra');
    expect(await within(ultra).findByText('Votre offre actuelle')).toBeTruthy();
  });
});
