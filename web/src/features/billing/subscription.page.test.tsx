import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { hostedPageUrl, subscriptionDetails } from '../../test/fakes/billing-fixtures';
import { renderWithProviders } from '../../test/render';
import SubscriptionPage from './subscription.page';

const api = serveAuthApi();
const proUser = () => testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' });
afterEach(() => {
  window.location.hash = '';
});

function renderPage(locale: Locale = 'fr') {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<SubscriptionPage />, { locale, route: `${prefix}/subscription`, session: true });
}

describe('subscription page', () => {
  it('asks a visitor to log in, with the way back to the page', async () => {
    renderPage('fr');
    const notice = await screen.findByTestId('login-required');
    expect(within(notice).getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(
      '/login?from=%2Fsubscription',
    );
    expect(api.bodies('GET /api/billing/subscription/')).toEqual([]);
  });

  it('shows the subscription: status, price, card, next invoice and invoices (fr)', async () => {
    api.user = proUser();
    api.on('GET /api/billing/subscription/', { body: { subscription: subscriptionDetails() } });
    renderPage('fr');
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Actif');
    expect(screen.getByTestId('payment-method').textContent).toBe('Visa •••• 4242, expire 12/2030');
    expect(screen.getByTestId('upcoming-invoice').textContent).toMatch(/^30,00\s€ pour la période du /);
    const invoices = screen.getByTestId('invoices');
    expect(within(invoices).getByText('PR-0001')).toBeTruthy();
    expect(within(invoices).getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe(
      'http://127.0.0.1:9/invoice/1.pdf',
    );
  });

  it('says there is no subscription and links to the plans (nl)', async () => {
    api.user = testUser({ locale: 'nl' });
    api.on('GET /api/billing/subscription/', { body: { subscription: null } });
    renderPage('nl');
    expect(await screen.findByText('U hebt geen abonnement.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bekijk de formules' }).getAttribute('href')).toBe('/nl/pro');
  });

  it('cancels after confirmation in a dialog, reloads the user, then offers to resume', async () => {
    api.user = proUser();
    let scheduled = false;
    api.on('GET /api/billing/subscription/', () => ({
      body: { subscription: subscriptionDetails({ cancel_at_period_end: scheduled }) },
    }));
    api.on('POST /api/billing/cancel/', () => {
      scheduled = true;
      return { body: { detail: 'ok' } };
    });
    api.on('POST /api/billing/resume/', () => {
      scheduled = false;
      return { body: { detail: 'ok' } };
    });
    renderPage('fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Résilier' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/Vous gardez Pro jusqu’à la fin de la période payée/)).toBeTruthy();
    const meCalls = api.received.filter((r) => r.path === '/api/auth/me/').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect((await screen.findByTestId('cancel-scheduled')).textContent).toMatch(
      /^Résiliation prévue : Pro reste actif/,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Résiliation prévue');
    expect(api.received.filter((r) => r.path === '/api/auth/me/').length).toBeGreaterThan(meCalls);
    fireEvent.click(screen.getByRole('button', { name: 'Reprendre l’abonnement' }));
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Actif'));
    expect(api.bodies('POST /api/billing/cancel/')).toHaveLength(1);
    expect(api.bodies('POST /api/billing/resume/')).toHaveLength(1);
  });

  it('keeps the subscription when the dialog is dismissed', async () => {
    api.user = proUser();
    api.on('GET /api/billing/subscription/', { body: { subscription: subscriptionDetails() } });
    renderPage('fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Résilier' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retour' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.bodies('POST /api/billing/cancel/')).toEqual([]);
  });

  it('says when cancelling fails and keeps the subscription shown', async () => {
    api.user = proUser();
    api.on('GET /api/billing/subscription/', { body: { subscription: subscriptionDetails() } });
    api.on('POST /api/billing/cancel/', { status: 502, body: { code: 'subscription_unavailable', detail: 'x' } });
    renderPage('fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Résilier' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    expect((await screen.findByText('L’opération a échoué. Réessayez.')).getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('subscription-status').textContent).toBe('Actif');
  });

  it('opens the billing portal, or says it could not (en)', async () => {
    api.user = proUser();
    api.on('GET /api/billing/subscription/', { body: { subscription: subscriptionDetails() } });
    api.on('POST /api/billing/create-portal-session/', { status: 502, body: { code: 'portal_failed', detail: 'x' } });
    renderPage('en');
    const portal = await screen.findByRole('button', { name: /payment/i });
    fireEvent.click(portal);
    expect((await screen.findByRole('alert')).textContent).toMatch(/portal/i);
    api.on('POST /api/billing/create-portal-session/', { body: { url: hostedPageUrl('portal') } });
    fireEvent.click(portal);
    await waitFor(() => expect(window.location.hash).toBe('#portal'));
  });

  it('shows the past-due banner and a load failure', async () => {
    api.user = proUser();
    api.on('GET /api/billing/subscription/', { body: { subscription: subscriptionDetails({ status: 'past_due' }) } });
    renderPage('fr');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Le dernier paiement a échoué. Mettez à jour votre carte pour garder Pro.',
    );
    api.on('GET /api/billing/subscription/', { status: 500, body: { code: 'server_error', detail: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Actualiser' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger l’abonnement.');
  });
});
