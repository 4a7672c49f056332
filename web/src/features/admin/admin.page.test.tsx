import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import AdminPage from './admin.page';

const api = serveAuthApi();

const USER = {
  id: 7,
  email: 'clinic@example.be',
  first_name: 'Anne',
  last_name: 'Peeters',
  plan: 'free',
  plan_grant: null,
  pro_until: null,
  subscription_status: 'none',
  is_staff: false,
  closed: false,
  date_joined: '2026-11-01T10:00:00.000Z',
  last_seen: null,
};

function scriptApi() {
  api.user = testUser({ id: 1, email: 'boss@example.be', is_staff: true });
  api.on('GET /api/admin/users/', { body: { users: [USER] } });
  api.on('GET /api/admin/messages/', { status: 500, body: { code: 'internal', detail: 'x' } });
  api.on('GET /api/admin/retailers/health/', { body: { since: '2026-11-22T10:00:00.000Z', retailers: [] } });
  api.on('GET /api/admin/retailers/check/', { body: { check: null } });
  api.on('GET /api/admin/search-stats/', { body: { days: 30, top: [], no_result: [] } });
  api.on('GET /api/admin/audit/', { body: { entries: [] } });
}

describe('admin page', () => {
  it('shows each section’s empty and error states, and retries a failed one (en)', async () => {
    scriptApi();
    renderWithProviders(<AdminPage />, { locale: 'en', route: '/en/admin', session: true });
    expect(await screen.findByText('clinic@example.be')).toBeTruthy();
    expect(await screen.findByText('No check has run yet.')).toBeTruthy();
    expect(await screen.findByText('No search recorded yet.')).toBeTruthy();
    expect(await screen.findByText('No staff action yet.')).toBeTruthy();
    const messages = screen.getByTestId('admin-messages');
    expect((await within(messages).findByRole('alert')).textContent).toBe('This section could not be loaded.');

    api.on('GET /api/admin/messages/', {
      body: {
        messages: [
          {
            id: 3,
            created_at: '2026-11-20T10:00:00.000Z',
            name: 'Jan',
            email: 'jan@example.be',
            message: 'Help with the export',
            locale: 'nl',
            priority: true,
            mail_status: 'sent',
          },
        ],
      },
    });
    fireEvent.click(within(messages).getByRole('button', { name: 'Try again' }));
    expect(await within(messages).findByText('Priority')).toBeTruthy();
    expect(within(messages).getByText('Help with the export')).toBeTruthy();
  });

  it('sends the plan and its last day, then reloads the audit log (fr)', async () => {
    scriptApi();
    api.on('POST /api/admin/users/7/plan/', { body: { user: { ...USER, plan: 'ultra' } } });
    renderWithProviders(<AdminPage />, { locale: 'fr', route: '/admin', session: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Changer la formule de clinic@example.be' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Formule'), { target: { value: 'ultra' } });
    fireEvent.change(within(dialog).getByLabelText(/Dernier jour/), { target: { value: '2099-06-30' } });
    api.on('GET /api/admin/audit/', {
      body: {
        entries: [
          {
            id: 1,
            at: '2026-11-23T10:00:00.000Z',
            actor_email: 'boss@example.be',
            action: 'set_plan',
            target_email: 'clinic@example.be',
            details: { plan: 'ultra', until: '2099-06-30' },
          },
        ],
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(api.bodies('POST /api/admin/users/7/plan/')).toEqual([{ plan: 'ultra', until: '2099-06-30' }]),
    );
    expect(await screen.findByText('Formule modifiée')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the catalogue’s public packs per delivery mode as read, and the last refused import (nl)', async () => {
    scriptApi();
    api.on('GET /api/admin/catalogue/', {
      body: {
        catalogue: {
          version: '12035',
          xsd_version: '5.0',
          reference_date: '2026-11-26',
          source: 'sam-12035.zip',
          demo: false,
          imported_at: '2026-11-26T03:00:00.000Z',
          import_ms: 1000,
          counts: { packs: 30, prescription: 20, gtins: 5, vmps: 2, nonmedicinal: 3, data_errors: 0 },
          checked_at: null,
          delivery_modes: [
            {
              code: 'M1',
              description: { fr: 'Prescription médicale', nl: 'Medisch voorschrift', en: null, de: null },
              packs: 20,
              free: false,
            },
            {
              code: 'VL',
              description: { fr: 'Délivrance libre', nl: 'Vrije aflevering', en: null, de: null },
              packs: 10,
              free: true,
            },
          ],
          last_refusal: {
            at: '2026-12-03T03:00:00.000Z',
            refusal: 'shrunk',
            message: 'sam-12036.zip: 5 public packs (3 prescription-only) where the live catalogue has 30 (20)',
          },
        },
      },
    });
    renderWithProviders(<AdminPage />, { locale: 'nl', route: '/nl/admin', session: true });
    const rows = await screen.findAllByTestId('admin-delivery-mode');
    expect(rows.map((row) => row.textContent)).toEqual([
      'M1Medisch voorschrift20op voorschrift',
      'VLVrije aflevering10vrije aflevering',
    ]);
    expect(screen.getByTestId('admin-catalogue-refusal').textContent).toMatch(
      /^Laatste import geweigerd op .+: meer dan de helft van de verpakkingen verdwenen\. De catalogus hierboven blijft in gebruik\. \(sam-12036\.zip: 5 public packs/,
    );
  });
});
