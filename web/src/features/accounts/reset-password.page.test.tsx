import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import ResetPasswordPage from './reset-password.page';
import { fill, input, submit } from './test-helpers';

const api = serveAuthApi();
const VALID_CHECK = { body: { valid: true } };
const describedText = (name: string) =>
  (input(name).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

function renderReset(locale: Locale = 'fr', token = 'abc-123') {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<ResetPasswordPage />, {
    locale,
    route: `${prefix}/reset-password/MQ/${token}`,
    path: `${prefix}/reset-password/:uid/:token`,
  });
}

describe('reset-password page', () => {
  it.each([
    ['fr', 'Mot de passe trop court (min. 8 caractères).', 'Les mots de passe ne correspondent pas.'],
    ['nl', 'Wachtwoord te kort (min. 8 tekens).', 'De wachtwoorden komen niet overeen.'],
  ] as const)('validates the new password (%s)', async (locale, short, mismatch) => {
    api.on('POST /api/auth/password-reset-check/', VALID_CHECK);
    renderReset(locale);
    await screen.findByRole('button', { name: locale === 'fr' ? 'Enregistrer le mot de passe' : 'Wachtwoord opslaan' });
    fill('new_password', 'short');
    fill('password_confirm', 'short');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(short);
    fill('new_password', 'long enough');
    fill('password_confirm', 'long enougg');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(mismatch);
    expect(describedText('password_confirm')).toEqual([mismatch]);
    expect(api.bodies('POST /api/auth/password-reset-confirm/')).toEqual([]);
  });

  it.each([
    [
      'fr',
      'Veuillez remplir tous les champs obligatoires.',
      'Ce champ est obligatoire.',
      'Mot de passe trop court (min. 8 caractères).',
      'Les mots de passe ne correspondent pas.',
      'Veuillez corriger les champs signalés.',
    ],
    [
      'nl',
      'Vul alle verplichte velden in.',
      'Dit veld is verplicht.',
      'Wachtwoord te kort (min. 8 tekens).',
      'De wachtwoorden komen niet overeen.',
      'Verbeter de aangeduide velden.',
    ],
  ] as const)(
    'shows length and match problems together, under each field (%s)',
    async (locale, required, field, short, mismatch, fix) => {
      api.on('POST /api/auth/password-reset-check/', VALID_CHECK);
      renderReset(locale);
      await waitFor(() => expect(document.querySelector('input[name="new_password"]')).not.toBeNull());
      submit();
      expect((await screen.findByRole('alert')).textContent).toBe(required);
      expect(describedText('new_password')).toContain(field);
      expect(describedText('password_confirm')).toEqual([field]);
      await waitFor(() => expect(document.activeElement).toBe(input('new_password')));
      fill('new_password', 'short');
      fill('password_confirm', 'shorT');
      submit();
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(fix));
      expect(describedText('new_password')).toContain(short);
      expect(describedText('password_confirm')).toEqual([mismatch]);
    },
  );

  it.each([
    [
      'fr',
      'Nouveau mot de passe · PharmaRadar',
      'Lien expiré ou invalide. Veuillez refaire une demande.',
      'Demander un nouveau lien',
      '/forgot-password',
    ],
    [
      'nl',
      'Nieuw wachtwoord · PharmaRadar',
      'Verlopen of ongeldige link. Vraag een nieuwe aan.',
      'Nieuwe link aanvragen',
      '/nl/forgot-password',
    ],
  ] as const)(
    'checks the link on load and says at once when it was already used (%s)',
    async (locale, title, message, action, href) => {
      api.on('POST /api/auth/password-reset-check/', {
        status: 400,
        body: { code: 'reset_invalid', detail: 'Expired or invalid link.' },
      });
      renderReset(locale, 'used-token');
      expect(document.title).toBe(title);
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(screen.getByRole('link', { name: action }).getAttribute('href')).toBe(href);
      expect(document.querySelector('input[name="new_password"]')).toBeNull();
      expect(api.bodies('POST /api/auth/password-reset-check/')).toEqual([{ uid: 'MQ', token: 'used-token' }]);
      expect(api.bodies('POST /api/auth/password-reset-confirm/')).toEqual([]);
      expect(sessionStorage.getItem('pe_reset_link')).toBeNull();
    },
  );

  it('shows the form while checking a valid link, and still when the check cannot be made', async () => {
    api.on('POST /api/auth/password-reset-check/', { ...VALID_CHECK, delayMs: 300 });
    renderReset('fr', 'fresh-token');
    expect((await screen.findByRole('status')).textContent).toBe('Vérification du lien…');
    expect(document.querySelector('input[name="new_password"]')).toBeNull();
    await waitFor(() => expect(document.querySelector('input[name="new_password"]')).not.toBeNull());
    expect(api.bodies('POST /api/auth/password-reset-check/')).toEqual([{ uid: 'MQ', token: 'fresh-token' }]);
  });

  it('keeps the form when the check fails for another reason (server error)', async () => {
    api.on('POST /api/auth/password-reset-check/', { status: 503, body: { code: 'internal', detail: 'Down.' } });
    renderReset('en');
    await waitFor(() => expect(document.querySelector('input[name="new_password"]')).not.toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes the token out of the address bar and still uses it', async () => {
    api.on('POST /api/auth/password-reset-check/', VALID_CHECK);
    api.on('POST /api/auth/password-reset-confirm/', { body: { detail: 'Password changed.' } });
    const { router } = renderReset('nl', 'secret-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/reset-password/MQ/set-password'));
    await waitFor(() => expect(document.querySelector('input[name="new_password"]')).not.toBeNull());
    fill('new_password', 'nieuw wachtwoord');
    fill('password_confirm', 'nieuw wachtwoord');
    submit();
    expect(await screen.findByText('Wachtwoord gewijzigd')).toBeTruthy();
    expect(api.bodies('POST /api/auth/password-reset-confirm/')).toEqual([
      { uid: 'MQ', token: 'secret-token', new_password: 'nieuw wachtwoord' },
    ]);
    expect(screen.getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe('/nl/login');
  });

  it.each([
    ['fr', 'Lien expiré ou invalide. Veuillez refaire une demande.', 'Demander un nouveau lien', '/forgot-password'],
    ['nl', 'Verlopen of ongeldige link. Vraag een nieuwe aan.', 'Nieuwe link aanvragen', '/nl/forgot-password'],
  ] as const)('explains a link that expired after the page opened (%s)', async (locale, message, action, href) => {
    api.on('POST /api/auth/password-reset-check/', VALID_CHECK);
    api.on('POST /api/auth/password-reset-confirm/', {
      status: 400,
      body: { code: 'invalid_token', detail: 'Invalid link.' },
    });
    renderReset(locale);
    await waitFor(() => expect(document.querySelector('input[name="new_password"]')).not.toBeNull());
    fill('new_password', 'long enough');
    fill('password_confirm', 'long enough');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: action }).getAttribute('href')).toBe(href);
  });

  it('shows a server message about the password itself', async () => {
    api.on('POST /api/auth/password-reset-confirm/', {
      status: 400,
      body: {
        code: 'validation_error',
        detail: 'Invalid data.',
        fields: { new_password: 'Ce mot de passe est trop courant.' },
      },
    });
    api.on('POST /api/auth/password-reset-check/', VALID_CHECK);
    renderReset('fr');
    await waitFor(() => expect(document.querySelector('input[name="new_password"]')).not.toBeNull());
    fill('new_password', 'password123');
    fill('password_confirm', 'password123');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Ce mot de passe est trop courant.');
  });
});
