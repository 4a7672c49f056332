import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { serveFakeGis } from '../../test/fakes/fake-gis';
import { renderWithProviders } from '../../test/render';
import AccountPage from './account.page';
import { AccountDeletedNotice } from '../../features/accounts/account-deleted-notice';

const api = serveAuthApi();

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
    ['fr', 'Connexion requise', 'Vous n’êtes pas connecté·e.', 'Se connecter', '/login?from=%2Fcompte', 'Mon compte'],
    ['nl', 'Inloggen vereist', 'U bent niet ingelogd.', 'Inloggen', '/nl/login?from=%2Fnl%2Fcompte', 'Mijn account'],
  ] as const)(
    'waits for the session, then asks a visitor to log in (%s)',
    async (locale, title, body, login, href, tab) => {
      renderAccount(locale);
      expect(document.title).toBe(`${tab} · PharmaRadar`);
      expect(screen.getByTestId('account-loading')).toBeTruthy();
      expect(screen.queryByText(title)).toBeNull();
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByText(body)).toBeTruthy();
      expect(screen.getByRole('link', { name: login }).getAttribute('href')).toBe(href);
    },
  );

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
    expect(api.bodies('PATCH /api/auth/update-profile/')).toEqual([
      { first_name: 'Annie', last_name: 'Dupont', is_pharmacist: false },
    ]);
  });

  it.each([
    [
      'fr',
      'Modifier',
      'Enregistrer',
      'Impossible d’enregistrer vos modifications.',
      'Le prénom et le nom sont obligatoires.',
    ],
    [
      'nl',
      'Wijzigen',
      'Opslaan',
      'Uw wijzigingen konden niet worden opgeslagen.',
      'Voornaam en achternaam zijn verplicht.',
    ],
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
    expect(within(block).getByRole('button', { name: 'Overstappen naar Pro' })).toBeTruthy();
  });

  it('lets a Pro user manage the subscription', async () => {
    api.user = testUser({
      is_pro: true,
      plan: 'pro',
      subscription_status: 'active',
      pro_until: '2026-12-31T00:00:00Z',
    });
    renderAccount('fr');
    const block = await screen.findByTestId('subscription-section');
    expect(block.getAttribute('data-highlighted')).toBeNull();
    expect(within(block).getByRole('link', { name: 'Gérer mon abonnement' }).getAttribute('href')).toBe(
      '/subscription',
    );
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
  async function openDialog(locale: Locale = 'fr', user = testUser()) {
    api.user = user;
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
    // The account has a password: it must be typed again (re-authentication, docs/security.md#sessions).
    expect(confirm.disabled).toBe(true);
    expect(field('password').type).toBe('password');
    expect(field('password').getAttribute('autocomplete')).toBe('current-password');
    change('password', 'un mot de passe');
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
    change('password', ' geheim wachtwoord ');
    fireEvent.click(field('acknowledge'));
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.getByTestId('account-deleted').textContent).toContain('Uw account is verwijderd.');
    expect(api.bodies('POST /api/account/delete/')).toEqual([
      { email_confirmation: 'anne.dupont@example.be', acknowledge: true, password: ' geheim wachtwoord ' },
    ]);
  });

  it.each([
    ['fr', 'Mot de passe incorrect.', 'Saisissez votre mot de passe.'],
    ['en', 'Incorrect password.', 'Enter your password.'],
    ['nl', 'Onjuist wachtwoord.', 'Voer uw wachtwoord in.'],
  ] as const)('says when the password is wrong and keeps the account (%s)', async (locale, incorrect, required) => {
    const dialog = await openDialog(locale);
    api.on('POST /api/account/delete/', ({ json }) =>
      (json as { password?: string }).password === ' '
        ? { status: 400, body: { code: 'validation', detail: 'x', fields: { password: 'required' } } }
        : { status: 400, body: { code: 'incorrect_password', detail: 'x', fields: { password: 'x' } } },
    );
    change('email_confirmation', 'anne.dupont@example.be');
    change('password', 'pas le bon');
    fireEvent.click(field('acknowledge'));
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(incorrect);
    expect(field('password').getAttribute('aria-invalid')).toBe('true');
    // Focus moves to the field in an effect after the alert renders.
    await waitFor(() => expect(document.activeElement).toBe(field('password')));
    change('password', ' ');
    fireEvent.click(screen.getByTestId('delete-confirm'));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(required));
    expect(screen.getByTestId('delete-dialog')).toBeTruthy();
    expect(screen.queryByText('home page')).toBeNull();
  });

  it('says when the deletion failed and keeps the dialog open', async () => {
    api.on('POST /api/account/delete/', { status: 500, body: { code: 'internal', detail: 'Internal error.' } });
    const dialog = await openDialog('fr');
    change('email_confirmation', 'anne.dupont@example.be');
    change('password', 'un mot de passe');
    fireEvent.click(field('acknowledge'));
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Impossible de supprimer votre compte.');
    expect(screen.getByTestId('delete-dialog')).toBeTruthy();
  });

  it.each([
    ['fr', 'Votre abonnement Pro sera résilié immédiatement auprès de notre prestataire de paiement'],
    ['en', 'Your Pro subscription will be cancelled immediately with our payment provider'],
    ['nl', 'Uw Pro-abonnement wordt onmiddellijk opgezegd bij onze betaalprovider'],
  ] as const)('tells a paying user the subscription ends at once with the account (%s)', async (locale, text) => {
    const pro = testUser({ is_pro: true, plan: 'pro', subscription_status: 'canceled_at_period_end' });
    const dialog = await openDialog(locale, pro);
    expect(within(dialog).getByTestId('delete-subscription').textContent).toContain(text);
    // Read out with the dialog's description.
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toContain(text);
  });

  it('says nothing about a subscription to a free user', async () => {
    const dialog = await openDialog('en');
    expect(within(dialog).queryByTestId('delete-subscription')).toBeNull();
  });

  it('shows why the server refused when the subscription could not be ended', async () => {
    const detail =
      'Your subscription could not be cancelled with the payment provider, so your account was not deleted. Please try again in a few minutes.';
    api.on('POST /api/account/delete/', { status: 502, body: { code: 'subscription_cancel_failed', detail } });
    const pro = testUser({ is_pro: true, plan: 'pro', subscription_status: 'active' });
    const dialog = await openDialog('en', pro);
    change('email_confirmation', 'anne.dupont@example.be');
    change('password', 'a password');
    fireEvent.click(field('acknowledge'));
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`Could not delete your account. ${detail}`);
    expect(screen.getByTestId('delete-dialog')).toBeTruthy();
  });
});

describe('deleting a Google-only account (no password)', () => {
  /** Google Identity Services' browser protocol, played by the test. */
  const gis = serveFakeGis();
  afterAll(() => {
    api.googleClientId = null;
  });

  it('asks for no password; when the sign-in is too old, signs in with Google again, then deletes (en)', async () => {
    api.googleClientId = 'test-client.apps.googleusercontent.com';
    api.user = testUser({ email: 'jan.peeters@gmail.com', has_password: false });
    let fresh = false;
    api.on('POST /api/account/delete/', () => {
      if (!fresh) return { status: 403, body: { code: 'reauth_required', detail: 'Sign in again.' } };
      api.user = null;
      return { body: { detail: 'Your account has been deleted.' } };
    });
    api.on('POST /api/auth/google/verify/', () => {
      fresh = true;
      return { body: { user: api.user } };
    });
    renderAccount('en');
    fireEvent.click(await screen.findByTestId('account-delete'));
    const dialog = screen.getByTestId('delete-dialog');
    expect(document.querySelector('input[name="password"]')).toBeNull();
    change('email_confirmation', 'jan.peeters@gmail.com');
    fireEvent.click(field('acknowledge'));
    const confirm = screen.getByTestId('delete-confirm') as HTMLButtonElement;
    fireEvent.click(confirm);

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'For your security, sign in again with Google to confirm that it is you, then delete your account.',
    );
    expect(confirm.disabled).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    await within(dialog).findByText('Sign in with Google');
    act(() => gis.sendCredential('fresh-id-token'));
    expect(await within(dialog).findByText('Identity confirmed. You can now delete your account.')).toBeTruthy();
    expect(api.bodies('POST /api/auth/google/verify/')).toEqual([{ id_token: 'fresh-id-token' }]);
    expect(screen.queryByTestId('delete-reauth')).toBeNull();

    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(api.bodies('POST /api/account/delete/')).toEqual([
      { email_confirmation: 'jan.peeters@gmail.com', acknowledge: true },
      { email_confirmation: 'jan.peeters@gmail.com', acknowledge: true },
    ]);
  });

  it('"Sign in again" signs out and opens the login page back to the account (fr)', async () => {
    api.user = testUser({ has_password: false });
    api.on('POST /api/account/delete/', { status: 403, body: { code: 'reauth_required', detail: 'x' } });
    api.on('POST /api/auth/logout/', () => {
      api.user = null;
      return { body: { detail: 'ok' } };
    });
    renderWithProviders(<AccountPage />, {
      route: '/compte',
      path: '/compte',
      session: true,
      routes: [{ path: '/login', element: <LoginProbe /> }],
    });
    fireEvent.click(await screen.findByTestId('account-delete'));
    change('email_confirmation', 'anne.dupont@example.be');
    fireEvent.click(field('acknowledge'));
    fireEvent.click(screen.getByTestId('delete-confirm'));
    fireEvent.click(await screen.findByRole('button', { name: 'Se reconnecter' }));
    expect((await screen.findByTestId('login-probe')).textContent).toBe('/login?from=%2Fcompte');
    expect(api.bodies('POST /api/auth/logout/')).toHaveLength(1);
  });
});

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login-probe">{`${location.pathname}${location.search}`}</p>;
}
