import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { hostedPageUrl } from '../../test/fakes/billing-fixtures';
import { renderWithProviders } from '../../test/render';
import AccountPage from './account.page';

const api = serveAuthApi();
afterEach(() => {
  window.location.hash = '';
});

function renderAccount(locale: Locale) {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<AccountPage />, { locale, route: `${prefix}/compte`, session: true });
}

describe('account page, subscription block', () => {
  it('starts the checkout itself from the upgrade button (fr)', async () => {
    api.user = testUser();
    api.on('POST /api/billing/create-checkout-session/', { body: { url: hostedPageUrl('checkout') } });
    renderAccount('fr');
    const block = await screen.findByTestId('subscription-section');
    fireEvent.click(within(block).getByRole('button', { name: 'Passer à Pro' }));
    await waitFor(() => expect(window.location.hash).toBe('#checkout'));
    expect(api.bodies('POST /api/billing/create-checkout-session/')).toHaveLength(1);
  });

  it('says it could not start the upgrade, and the button works again (en)', async () => {
    api.user = testUser();
    api.on('POST /api/billing/create-checkout-session/', {
      status: 502,
      body: { code: 'checkout_failed', detail: 'x' },
    });
    renderAccount('en');
    const block = await screen.findByTestId('subscription-section');
    const upgrade = within(block).getByRole('button', { name: 'Upgrade to Pro' }) as HTMLButtonElement;
    fireEvent.click(upgrade);
    expect((await within(block).findByRole('alert')).textContent).toBe(
      'Could not start the upgrade. Please try again.',
    );
    await waitFor(() => expect(upgrade.disabled).toBe(false));
  });

  it('shows Ultra as the plan, with the way to manage it (nl)', async () => {
    api.user = testUser({ is_pro: true, plan: 'ultra', subscription_status: 'none' });
    renderAccount('nl');
    const block = await screen.findByTestId('subscription-section');
    expect(within(block).getByText('Ultra')).toBeTruthy();
    expect(
      within(block)
        .getByRole('link', { name: /abonnement/i })
        .getAttribute('href'),
    ).toBe('/nl/subscription');
    expect(within(block).queryByTestId('account-upgrade')).toBeNull();
  });
});
