import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { PriceAlertForm } from './price-alert-form';
import { installPushBrowser, removePushBrowser, SERVER_KEY } from './push/push-browser.test-support';

// The product page's alert form against a loopback account API: what the user sees and what is sent.

const api = serveAuthApi();
afterEach(removePushBrowser);
const CNK = '2322162';

const renderForm = (locale: 'fr' | 'en' | 'nl') =>
  renderWithProviders(<PriceAlertForm cnk={CNK} productName="Dafalgan 500 mg" />, {
    locale,
    // The product page's own address: links keep its language prefix.
    route: `${locale === 'fr' ? '' : `/${locale}`}/dafalgan-500-mg-${CNK}`,
    session: true,
  });

const alertOf = (body: Record<string, unknown>) => ({
  id: 3,
  cnk: CNK,
  product_name: 'Dafalgan 500 mg',
  last_price: null,
  created_at: '2026-11-24T10:00:00.000Z',
  last_checked_at: null,
  notified_at: null,
  target_price: null,
  ...body,
});

describe('price alert form', () => {
  it('says at once that the price already meets the threshold, and that the mail goes at the next check (fr, en)', async () => {
    api.user = testUser();
    api.on('POST /api/alerts/create/', ({ json }) => ({
      status: 201,
      body: alertOf(json as Record<string, unknown>),
    }));
    const { unmount } = renderWithProviders(
      <PriceAlertForm cnk={CNK} productName="Dafalgan 500 mg" lowestPrice={4.2} />,
      {
        locale: 'en',
        session: true,
      },
    );
    fireEvent.change(await screen.findByLabelText('Price (€)'), { target: { value: '3.99' } });
    expect(screen.queryByTestId('alert-met')).toBeNull();
    fireEvent.change(screen.getByLabelText('Price (€)'), { target: { value: '5' } });
    expect(screen.getByTestId('alert-met').textContent?.replace(/\u00a0/g, ' ')).toBe(
      'The price is already €4.20, below this threshold: you will get the email at the next price check.',
    );
    unmount();
    renderWithProviders(<PriceAlertForm cnk={CNK} productName="Dafalgan 500 mg" lowestPrice={4.2} />, {
      locale: 'fr',
      session: true,
    });
    fireEvent.change(await screen.findByLabelText('Prix (€)'), { target: { value: '4,20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’alerte' }));
    await waitFor(() =>
      expect(screen.getByTestId('alert-result').textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
        'Alerte créée. Le prix est déjà à 4,20 €, sous votre seuil : l’e-mail part dès la prochaine vérification des prix.',
      ),
    );
    expect(api.bodies('POST /api/alerts/create/').at(-1)).toMatchObject({
      product_name: 'Dafalgan 500 mg',
      target_price: 4.2,
    });
  });

  it('asks a logged-out visitor to log in, with a link to the login page', async () => {
    api.user = null;
    renderForm('en');
    await waitFor(() => expect(api.received.some((r) => r.path.startsWith('/api/auth/me'))).toBe(true));
    const link = await screen.findByRole('link', { name: 'Log in to be told when the price drops.' });
    expect(link.getAttribute('href')).toBe('/en/login');
    expect(screen.queryByRole('button', { name: 'Set the alert' })).toBeNull();
  });

  it('refuses a missing price below which to alert, in the user’s language, and sends nothing', async () => {
    api.user = testUser();
    renderForm('nl');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarm instellen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Voer een positieve prijs in.');
    expect(screen.getByLabelText('Prijs (€)').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Prijs (€)'), { target: { value: '-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Alarm instellen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Voer een positieve prijs in.');
    expect(api.bodies('POST /api/alerts/create/')).toEqual([]);
  });

  it('sets an alert below a price written with a decimal comma', async () => {
    api.user = testUser();
    api.on('POST /api/alerts/create/', ({ json }) => ({
      status: 201,
      body: alertOf(json as Record<string, unknown>),
    }));
    renderForm('fr');
    fireEvent.change(await screen.findByLabelText('Prix (€)'), { target: { value: '4,35' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’alerte' }));
    expect((await screen.findByRole('status')).textContent).toBe('Alerte créée : vous la retrouvez dans votre compte.');
    expect(api.bodies('POST /api/alerts/create/')).toEqual([
      { cnk: CNK, product_name: 'Dafalgan 500 mg', kind: 'below', target_price: 4.35 },
    ]);
  });

  it('sets an alert on any drop without a price', async () => {
    api.user = testUser();
    api.on('POST /api/alerts/create/', ({ json }) => ({
      status: 201,
      body: alertOf(json as Record<string, unknown>),
    }));
    renderForm('en');
    fireEvent.click(await screen.findByRole('radio', { name: 'whenever the price drops' }));
    expect(screen.queryByLabelText('Price (€)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set the alert' }));
    expect((await screen.findByRole('status')).textContent).toBe('Alert set: you will find it in your account.');
    expect(api.bodies('POST /api/alerts/create/')).toEqual([
      { cnk: CNK, product_name: 'Dafalgan 500 mg', kind: 'drop', target_price: null },
    ]);
  });

  it('says so when the server refuses the alert', async () => {
    api.user = testUser();
    api.on('POST /api/alerts/create/', {
      status: 409,
      body: { code: 'too_many_alerts', detail: 'Too many alerts.' },
    });
    renderForm('fr');
    fireEvent.click(await screen.findByRole('radio', { name: 'à chaque baisse de prix' }));
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’alerte' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de créer l’alerte. Réessayez.');
  });

  it('offers to notify this device once the alert exists, asking the permission only on that tap', async () => {
    const browser = installPushBrowser();
    api.user = testUser();
    api.on('POST /api/alerts/create/', ({ json }) => ({ status: 201, body: alertOf(json as Record<string, unknown>) }));
    api.on('GET /api/push/key/', { body: { publicKey: SERVER_KEY } });
    api.on('POST /api/push/subscriptions/', () => ({
      status: 201,
      body: {
        device: {
          id: 1,
          service: 'fcm.googleapis.com',
          device: 'Chrome',
          created_at: '2026-11-29T08:00:00.000Z',
          current: true,
        },
      },
    }));
    renderForm('nl');
    fireEvent.click(await screen.findByRole('radio', { name: 'bij elke prijsdaling' }));
    expect(screen.queryByTestId('push-control')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Alarm instellen' }));
    const notify = await screen.findByRole('button', { name: 'Verwittig mij ook op dit toestel' });
    expect(browser.asked).toBe(0);
    fireEvent.click(notify);
    expect(await screen.findByText('Meldingen staan aan op dit toestel.')).toBeTruthy();
    expect(browser.asked).toBe(1);
    expect(api.bodies('POST /api/push/subscriptions/')).toHaveLength(1);
  });
});
