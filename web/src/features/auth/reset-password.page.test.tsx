import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared';
import { serveAuthApi } from '../../lib/session/testing/auth-api-server';
import { renderWithProviders } from '../../test/render';
import ResetPasswordPage from './reset-password.page';
import { fill, submit } from './test-helpers';

const api = serveAuthApi();

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
    renderReset(locale);
    fill('new_password', 'short');
    fill('password_confirm', 'short');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(short);
    fill('new_password', 'long enough');
    fill('password_confirm', 'long enougg');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(mismatch);
    expect(api.bodies('POST /api/auth/password-reset-confirm/')).toEqual([]);
  });

  it('takes the token out of the address bar and still uses it', async () => {
    api.on('POST /api/auth/password-reset-confirm/', { body: { detail: 'Password changed.' } });
    const { router } = renderReset('nl', 'secret-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/reset-password/MQ/set-password'));
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
  ] as const)('explains an expired link (%s)', async (locale, message, action, href) => {
    api.on('POST /api/auth/password-reset-confirm/', {
      status: 400,
      body: { code: 'invalid_token', detail: 'Invalid link.' },
    });
    renderReset(locale);
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
    renderReset('fr');
    fill('new_password', 'password123');
    fill('password_confirm', 'password123');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Ce mot de passe est trop courant.');
  });
});
