import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { hostedPageUrl } from '../../test/fakes/billing-fixtures';
import { renderWithProviders } from '../../test/render';
import PromoPage from './promo.page';

const api = serveAuthApi();
const CHECKOUT = 'POST /api/billing/create-checkout-session/';

function renderPage(locale: Locale, query = '') {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<PromoPage />, { locale, route: `${prefix}/promo${query}`, session: true });
}

describe('promo page', () => {
  it('carries the code of the link into the checkout and leaves for it (fr)', async () => {
    api.user = testUser();
    const url = hostedPageUrl('checkout-promo');
    api.on(CHECKOUT, { body: { url } });
    renderPage('fr', '?code=PHARMA20');
    const field = await screen.findByLabelText('Code promotionnel (facultatif)');
    expect((field as HTMLInputElement).value).toBe('PHARMA20');
    fireEvent.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));
    await waitFor(() => expect(window.location.href).toBe(url));
    expect(api.bodies(CHECKOUT)).toEqual([{ promotion_code: 'PHARMA20' }]);
  });

  it('sends no body without a code (en)', async () => {
    api.user = testUser();
    const url = hostedPageUrl('checkout-plain');
    api.on(CHECKOUT, { body: { url } });
    renderPage('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(window.location.href).toBe(url));
    expect(api.bodies(CHECKOUT)).toEqual([null]);
  });

  it('shows the server’s translated refusal of an unknown code and stays (nl)', async () => {
    api.user = testUser();
    api.on(CHECKOUT, {
      status: 400,
      body: { code: 'promotion_code_invalid', detail: 'Deze promotiecode is niet geldig.' },
    });
    renderPage('nl');
    fireEvent.change(await screen.findByLabelText('Promotiecode (optioneel)'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verder naar betalen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Deze promotiecode is niet geldig.');
    expect(api.bodies(CHECKOUT)).toEqual([{ promotion_code: 'NOPE' }]);
    expect(screen.getByRole('button', { name: 'Verder naar betalen' }).hasAttribute('disabled')).toBe(false);
  });

  it('refuses a malformed code before asking the server (en)', async () => {
    api.user = testUser();
    renderPage('en');
    fireEvent.change(await screen.findByLabelText('Promotion code (optional)'), { target: { value: 'DROP TABLE;' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A promotion code holds only letters, digits and dashes (64 at most).',
    );
    expect(api.bodies(CHECKOUT)).toEqual([]);
  });

  it('asks a visitor to log in and comes back with the code', async () => {
    renderPage('en', '?code=PHARMA20');
    const login = await screen.findByRole('link', { name: 'Log in to subscribe' });
    expect(login.getAttribute('href')).toBe(`/en/login?from=${encodeURIComponent('/en/promo?code=PHARMA20')}`);
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
  });

  it('tells a Pro user they already have it', async () => {
    api.user = testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' });
    renderPage('fr');
    expect((await screen.findByTestId('promo-already-pro')).textContent).toContain('Votre compte a déjà Pro.');
    expect(screen.queryByTestId('promo-form')).toBeNull();
  });
});
