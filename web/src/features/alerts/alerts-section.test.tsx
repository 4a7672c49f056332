import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { AlertsSection } from './alerts-section';

// The account page's list of price alerts against a loopback account API.

const api = serveAuthApi();

const alert = (id: number, body: Record<string, unknown>) => ({
  id,
  cnk: '2322162',
  product_name: 'Dafalgan 500 mg',
  kind: 'drop',
  target_price: null,
  last_price: 4.49,
  created_at: '2026-11-24T10:00:00.000Z',
  last_checked_at: null,
  notified_at: null,
  ...body,
});

const renderSection = (locale: 'fr' | 'en' | 'nl') => renderWithProviders(<AlertsSection />, { locale, session: true });

describe('account price alerts', () => {
  it('says there are none yet', async () => {
    api.user = testUser();
    api.on('GET /api/alerts/', { body: { alerts: [] } });
    renderSection('nl');
    expect(await screen.findByText('Geen alarmen. Stel er een in vanaf een productpagina.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Prijsalarmen' })).toBeTruthy();
    expect(screen.queryAllByTestId('alert-row')).toEqual([]);
  });

  it('lists each alert with its kind and price in the user’s language', async () => {
    api.user = testUser();
    api.on('GET /api/alerts/', {
      body: {
        alerts: [
          alert(1, { kind: 'below', target_price: 3.5 }),
          alert(2, { product_name: 'Nurofen 200 mg', cnk: '1234567' }),
        ],
      },
    });
    renderSection('fr');
    const rows = await screen.findAllByTestId('alert-row');
    expect(rows.map((r) => r.querySelector('span')?.textContent?.replace(/\s/g, ' '))).toEqual([
      'Dafalgan 500 mg · sous 3,50 €',
      'Nurofen 200 mg · à chaque baisse',
    ]);
  });

  it('deletes an alert on request and drops it from the list', async () => {
    api.user = testUser();
    api.on('GET /api/alerts/', {
      body: { alerts: [alert(1, { kind: 'below', target_price: 3.5 }), alert(2, { product_name: 'Nurofen 200 mg' })] },
    });
    api.on('DELETE /api/alerts/2/', { status: 204 });
    renderSection('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the alert on Nurofen 200 mg' }));
    await waitFor(() => expect(screen.getAllByTestId('alert-row')).toHaveLength(1));
    expect(within(screen.getByTestId('alert-row')).getByText(/Dafalgan 500 mg/).textContent).toContain('below €3.50');
    const deletes = api.received.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.path)).toEqual(['/api/alerts/2/']);
    expect(deletes[0]!.headers['x-csrftoken']).toBe('test-csrf-token');
  });

  it('keeps the alert and says so when the delete fails', async () => {
    api.user = testUser();
    api.on('GET /api/alerts/', { body: { alerts: [alert(1, {})] } });
    api.on('DELETE /api/alerts/1/', { status: 500, body: { code: 'server_error', detail: 'Boom.' } });
    renderSection('fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer l’alerte sur Dafalgan 500 mg' }));
    expect((await screen.findByTestId('alerts-failed')).textContent).toBe(
      'Impossible de charger ou de modifier vos alertes.',
    );
    expect(screen.getAllByTestId('alert-row')).toHaveLength(1);
  });
});
