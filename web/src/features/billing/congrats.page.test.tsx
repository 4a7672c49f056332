import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import CongratsPage from './congrats.page';

const api = serveAuthApi();
const pro = () => testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' });

function renderPage(locale: Locale = 'fr') {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<CongratsPage />, { locale, route: `${prefix}/congrats`, session: true });
}

describe('congrats page', () => {
  it('asks a visitor to log in', async () => {
    renderPage('fr');
    const notice = await screen.findByTestId('login-required');
    expect(within(notice).getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(
      '/login?from=%2Fcongrats',
    );
  });

  it('checks the subscription until the account is Pro, then links to the Pro tool (fr)', async () => {
    api.user = testUser();
    let calls = 0;
    api.on('GET /api/billing/check-subscription/', () => {
      calls += 1;
      // Stripe's webhook has not landed on the first check; it has on the second.
      return { body: { user: calls === 1 ? testUser({ subscription_status: 'incomplete' }) : pro() } };
    });
    renderPage('fr');
    expect(await screen.findByText('Paiement confirmé, synchronisation…')).toBeTruthy();
    expect(await screen.findByText('Votre compte est Pro.', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('congrats').getAttribute('data-phase')).toBe('ok');
    expect(screen.getByRole('link', { name: 'Ouvrir l’Espace Pro' }).getAttribute('href')).toBe('/pro');
    expect(calls).toBe(2);
  });

  it('is ok at once for a user already Pro (nl)', async () => {
    api.user = pro();
    api.on('GET /api/billing/check-subscription/', { body: { user: pro() } });
    renderPage('nl');
    const page = await screen.findByTestId('congrats');
    expect(await within(page).findByRole('link', { name: /Pro/ })).toBeTruthy();
    expect(page.getAttribute('data-phase')).toBe('ok');
  });

  it('keeps checking through a failed check', async () => {
    api.user = testUser();
    let calls = 0;
    api.on('GET /api/billing/check-subscription/', () => {
      calls += 1;
      return calls === 1
        ? { status: 502, body: { code: 'subscription_unavailable', detail: 'x' } }
        : { body: { user: pro() } };
    });
    renderPage('fr');
    expect(await screen.findByText('Votre compte est Pro.', undefined, { timeout: 8000 })).toBeTruthy();
    expect(calls).toBe(2);
  });
});
