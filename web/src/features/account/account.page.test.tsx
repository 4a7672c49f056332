import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared';
import { setApiOrigin } from '../../lib/api/client';
import { startAuthApiServer, testUser, type AuthApiServer } from '../../lib/session/testing/auth-api-server';
import { renderWithProviders } from '../../test/render';
import AccountPage from './account.page';
import { AccountDeletedNotice } from './account-deleted-notice';

let api: AuthApiServer;
beforeAll(async () => {
  api = await startAuthApiServer();
});
afterAll(async () => {
  setApiOrigin('');
  await api.close();
});
beforeEach(() => {
  api.reset();
  setApiOrigin(api.origin);
});

function renderAccount(locale: Locale = 'fr', query = '') {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<AccountPage />, {
    locale,
    route: `${prefix}/compte${query}`,
    path: `${prefix}/compte`,
    session: true,
    routes: [
      {
        path: prefix || '/',
        element: (
          <>
            <p>home page</p>
            <AccountDeletedNotice />
          </>
        ),
      },
    ],
  });
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const change = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('account page', () => {
  it.each([
    ['fr', 'Connexion requise', 'Vous n’êtes pas connecté·e.', 'Se connecter', '/login?from=%2Fcompte'],
    ['nl', 'Inloggen vereist', 'U bent niet ingelogd.', 'Inloggen', '/nl/login?from=%2Fnl%2Fcompte'],
  ] as const)('waits for the session, then asks a visitor to log in (%s)', async (locale, title, body, login, href) => {
    renderAccount(locale);
    expect(screen.getByTestId('account-loading')).toBeTruthy();
    expect(screen.queryByText(title)).toBeNull();
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(body)).toBeTruthy();
    expect(screen.getByRole('link', { name: login }).getAttribute('href')).toBe(href);
  });

  it('edits, saves and shows the new name; cancel keeps the old one', async () => {
    api.user = testUser();
    api.on('PATCH /api/auth/update-profile/', ({ json }) => {
      api.user = { ...api.user, ...(json as object) };
      return { body: { user: api.user } };
    });
    renderAccount('fr');
    expect((await screen.findByTestId('profile-first-name')).textContent).toBe('Anne');

    fireEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    change('first_name', 'Annie');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByTestId('profile-first-name').textContent).toBe('Anne');
    expect(api.bodies('PATCH /api/auth/update-profile/')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(field('first_name').value).toBe('Anne');
    change('first_name', ' Annie ');
    fireEvent.click(document.querySelector('input[name="is_pharmacist"][value="no"]')!);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vos données ont été enregistrées.')).toBeTruthy();
    expect(screen.getByTestId('profile-first-name').textContent).toBe('Annie');
    expect(screen.getByTestId('profile-pharmacist').textContent).toBe('Non');
    expect(api.bodies('PATCH /api/auth/update-profile/')).toEqual([{ first_name: 'Annie', last_name: 'Dupont', is_pharmacist: false }]);
  });

  it.each([
    ['fr', 'Modifier', 'Enregistrer', 'Impossible d’enregistrer vos modifications.', 'Le prénom et le nom sont obligatoires.'],
    ['nl', 'Wijzigen', 'Opslaan', 'Uw wijzigingen konden niet worden opgeslagen.', 'Voornaam en achternaam zijn verplicht.'],
  ] as const)('says when saving fails and when a name is empty (%s)', async (locale, edit, save, failed, required) => {
    api.user = testUser();
    api.on('PATCH /api/auth/update-profile/', { status: 500, body: { code: 'internal', detail: 'Internal error.' } });
    renderAccount(locale);
    fireEvent.click(await screen.findByRole('button', { name: edit }));
    change('last_name', '  ');
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect((await screen.findByRole('alert')).textContent).toBe(required);
    expect(api.bodies('PATCH /api/auth/update-profile/')).toEqual([]);
    change('last_name', 'Dupond');
    fireEvent.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(failed));
    expect(field('last_name').value).toBe('Dupond');
  });

  it('offers the upgrade to a free user and highlights the block on ?highlight=pro', async () => {
    api.user = testUser();
    renderAccount('nl', '?highlight=pro');
    const block = await screen.findByTestId('subscription-section');
    expect(block.getAttribute('data-highlighted')).toBe('true');
    expect(within(block).getByRole('link', { name: 'Overstappen naar Pro' }).getAttribute('href')).toBe('/nl/pro');
  });

  it('lets a Pro user manage the subscription', async () => {
    api.user = testUser({ is_pro: true, plan: 'pro', subscription_status: 'active', pro_until: '2026-12-31T00:00:00Z' });
    renderAccount('fr');
    const block = await screen.findByTestId('subscription-section');
    expect(block.getAttribute('data-highlighted')).toBeNull();
    expect(within(block).getByRole('link', { name: 'Gérer mon abonnement' }).getAttribute('href')).toBe('/subscription');
    expect(block.textContent).toContain('Valable jusqu’au 31 décembre 2026');
  });

  it('logs out and goes home', async () => {
    api.user = testUser();
    api.on('POST /api/auth/logout/', () => {
      api.user = null;
      return { body: { detail: 'Logged out.' } };
    });
    renderAccount('fr');
    fireEvent.click(await screen.findByTestId('account-logout'));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(api.bodies('POST /api/auth/logout/')).toHaveLength(1);
  });
});

describe('account deletion dialog', () => {
  async function openDialog(locale: Locale = 'fr') {
    api.user = testUser();
    renderAccount(locale);
    fireEvent.click(await screen.findByTestId('account-delete'));
    return screen.getByTestId('delete-dialog');
  }

  it('is a modal dialog that enables deletion only with the own e-mail typed and the box ticked', async () => {
    const dialog = await openDialog();
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const confirm = within(dialog).getByRole('button', { name: 'Supprimer définitivement' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    change('email_confirmation', 'someone.else@example.be');
    fireEvent.click(field('acknowledge'));
    expect(confirm.disabled).toBe(true);
    change('email_confirmation', ' Anne.Dupont@example.be ');
    expect(confirm.disabled).toBe(false);
    fireEvent.click(field('acknowledge'));
    expect(confirm.disabled).toBe(true);
  });

  it('closes with Escape and Cancel without deleting', async () => {
    await openDialog();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('delete-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('account-delete'));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByTestId('delete-dialog')).toBeNull();
    expect(api.bodies('POST /api/account/delete/')).toEqual([]);
  });

  it('deletes, becomes anonymous and confirms on the home page (nl)', async () => {
    api.on('POST /api/account/delete/', () => {
      api.user = null;
      return { body: { detail: 'Account deleted.' } };
    });
    await openDialog('nl');
    change('email_confirmation', 'anne.dupont@example.be');
    fireEvent.click(field('acknowledge'));
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.getByTestId('account-deleted').textContent).toContain('Uw account is verwijderd.');
    expect(api.bodies('POST /api/account/delete/')).toEqual([{ email_confirmation: 'anne.dupont@example.be', acknowledge: true }]);
  });

  it('says when the deletion failed and keeps the dialog open', async () => {
    api.on('POST /api/account/delete/', { status: 500, body: { code: 'internal', detail: 'Internal error.' } });
    const dialog = await openDialog('fr');
    change('email_confirmation', 'anne.dupont@example.be');
    fireEvent.click(field('acknowledge'));
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Impossible de supprimer votre compte.');
    expect(screen.getByTestId('delete-dialog')).toBeTruthy();
  });
});
