import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { subscriptionDetails } from '../../test/fakes/billing-fixtures';
import { renderWithProviders } from '../../test/render';
import AccountPage from './account.page';
import CongratsPage from '../../features/billing/congrats.page';
import OffersPage from '../../features/billing/offers.page';
import SubscriptionPage from '../../features/billing/subscription.page';

// What a Belgian business buyer reads on the billing screens, in fr and nl.
const api = serveAuthApi();
const pro = (status = 'active') => testUser({ is_pro: true, plan: 'pro', subscription_status: status });
afterEach(() => {
  window.location.hash = '';
});

const CASES = [
  {
    locale: 'fr' as Locale,
    prefix: '',
    plans: '/offers',
    price: /^30,00\s€ \/ mois TVA comprise$/,
    card: 'Visa •••• 4242, expire 12/2030',
    renews: 'Prochain renouvellement',
    ends: 'Fin de l’accès Pro (sans renouvellement)',
    vat: 'TVA comprise',
    upcoming: 'Voir la prochaine facture',
    willNotRenew: /ne sera pas renouvelé/,
    next: /Prochaine étape/,
    tool: 'Ouvrir l’Espace Pro',
    startFailed: 'Impossible de démarrer l’abonnement.',
  },
  {
    locale: 'nl' as Locale,
    prefix: '/nl',
    plans: '/nl/pro',
    price: /^€\s30,00 \/ maand incl\. btw$/,
    card: /^Visa •••• 4242/,
    renews: 'Volgende verlenging',
    ends: 'Einde van Pro (geen verlenging)',
    vat: 'incl. btw',
    upcoming: 'Volgende factuur bekijken',
    willNotRenew: /wordt niet verlengd/,
    next: /Volgende stap/,
    tool: null,
    startFailed: null,
  },
];

describe.each(CASES)('billing screens ($locale)', (c) => {
  const render = (ui: React.ReactElement, path: string) =>
    renderWithProviders(ui, { locale: c.locale, route: `${c.prefix}${path}`, session: true });

  it('plans page: one price, with its VAT, and no "from"', async () => {
    renderWithProviders(<OffersPage />, { locale: c.locale, route: c.plans, session: true });
    const price = (await screen.findByTestId('pro-price')).textContent ?? '';
    expect(price).toMatch(c.price);
    expect(price).not.toMatch(/partir|vanaf|from/i);
  });

  it('plans page: says the subscription could not start when the server refuses it', async () => {
    api.user = testUser({ locale: c.locale });
    api.on('POST /api/billing/create-checkout-session/', {
      status: 502,
      body: { code: 'checkout_failed', detail: 'x' },
    });
    renderWithProviders(<OffersPage />, { locale: c.locale, route: c.plans, session: true });
    fireEvent.click(await screen.findByTestId('upgrade'));
    const alert = (await screen.findByRole('alert')).textContent ?? '';
    if (c.startFailed) expect(alert).toBe(c.startFailed);
    else expect(alert).toMatch(/abonnement/i);
  });

  it('subscription page: card brand capitalised, next renewal, VAT, upcoming invoice link', async () => {
    api.user = pro();
    const details = subscriptionDetails();
    const upcoming = { ...details.upcoming_invoice!, url: 'http://127.0.0.1:9/invoice/upcoming' };
    api.on('GET /api/billing/subscription/', { body: { subscription: { ...details, upcoming_invoice: upcoming } } });
    render(<SubscriptionPage />, '/subscription');
    await screen.findByTestId('subscription-status');
    expect(screen.getByTestId('payment-method').textContent).toMatch(c.card);
    expect(screen.getByTestId('period-end-label').textContent).toBe(c.renews);
    expect(screen.getByTestId('subscription-price').textContent).toContain(c.vat);
    const link = screen.getByRole('link', { name: c.upcoming });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:9/invoice/upcoming');
  });

  it('subscription page: a scheduled cancellation says Pro ends there and does not renew', async () => {
    api.user = pro('canceled_at_period_end');
    api.on('GET /api/billing/subscription/', {
      body: { subscription: subscriptionDetails({ cancel_at_period_end: true }) },
    });
    render(<SubscriptionPage />, '/subscription');
    expect((await screen.findByTestId('period-end-label')).textContent).toBe(c.ends);
  });

  it('account page: a cancelled subscription says it will not renew', async () => {
    api.user = pro('canceled_at_period_end');
    render(<AccountPage />, '/compte');
    const block = await screen.findByTestId('subscription-section');
    expect(within(block).getByTestId('subscription-state').textContent).toMatch(c.willNotRenew);
  });

  it('congrats page: says what to do next, with a link to the Pro tool', async () => {
    api.user = pro();
    api.on('GET /api/billing/check-subscription/', { body: { user: pro() } });
    render(<CongratsPage />, '/congrats');
    expect((await screen.findByTestId('congrats-next')).textContent).toMatch(c.next);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain(`${c.prefix}/${c.locale === 'fr' ? 'pro' : 'nego'}`);
    if (c.tool) expect(screen.getByRole('link', { name: c.tool })).toBeTruthy();
  });
});
