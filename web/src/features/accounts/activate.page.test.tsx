import { screen } from '@testing-library/react';
import { fill, input, submit } from './test-helpers';
import { describe, expect, it } from 'vitest';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import ActivatePage from './activate.page';

const api = serveAuthApi();

const renderActivate = (locale: 'fr' | 'nl', route: string, path: string) =>
  renderWithProviders(<ActivatePage />, { locale, route, path, session: true });

describe('activate page', () => {
  it('activates, picks up the new session and offers to continue', async () => {
    api.on('POST /api/auth/activate/', () => {
      api.user = testUser();
      return { body: { user: api.user } };
    });
    renderActivate('fr', '/activate/MQ/tok-1', '/activate/:uid/:token');
    expect(document.title).toBe('Activation du compte · PharmaRadar');
    expect(screen.getByRole('status').textContent).toContain('Activation de votre compte…');
    expect(await screen.findByText('Compte activé')).toBeTruthy();
    expect(api.bodies('POST /api/auth/activate/')).toEqual([{ uid: 'MQ', token: 'tok-1' }]);
    expect(screen.getByRole('link', { name: 'Continuer' }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['fr', '/activate/MQ/tok-3', '/activate/:uid/:token', 'Mot de passe de votre compte', 'Compte activé'],
    ['nl', '/nl/activate/MQ/tok-3', '/nl/activate/:uid/:token', 'Wachtwoord van uw account', 'Account geactiveerd'],
  ] as const)(
    'opened in another browser: asks for the password the link activates, then activates it (%s)',
    async (locale, route, path, label, done) => {
      api.on('POST /api/auth/activate/', (request) => {
        if (!(request.json as { password?: string }).password) {
          return { status: 400, body: { code: 'password_required', detail: 'Password required.' } };
        }
        api.user = testUser();
        return { body: { user: api.user } };
      });
      renderActivate(locale, route, path);
      expect(await screen.findByLabelText(label)).toBe(input('password'));
      fill('password', 'short');
      submit();
      expect(input('password').getAttribute('aria-invalid')).toBe('true');
      fill('password', 'Correct horse 42');
      submit();
      expect(await screen.findByText(done)).toBeTruthy();
      expect(api.bodies('POST /api/auth/activate/')).toEqual([
        { uid: 'MQ', token: 'tok-3' },
        { uid: 'MQ', token: 'tok-3', password: 'Correct horse 42' },
      ]);
    },
  );

  it.each([
    ['fr', '/activate/MQ/tok-2', '/activate/:uid/:token', 'Compte activé', 'Se connecter', '/login', 'Continuer'],
    [
      'nl',
      '/nl/activate/MQ/tok-2',
      '/nl/activate/:uid/:token',
      'Account geactiveerd',
      'Inloggen',
      '/nl/login',
      'Doorgaan',
    ],
  ] as const)(
    'activated but not signed in (no session came back): success with a login button (%s)',
    async (locale, route, path, title, login, href, proceed) => {
      // The account is activated, but the session did not stick (e.g. cookies blocked): me stays anonymous.
      api.on('POST /api/auth/activate/', { body: { user: testUser() } });
      renderActivate(locale, route, path);
      expect(await screen.findByText(title)).toBeTruthy();
      expect(screen.getByRole('link', { name: login }).getAttribute('href')).toBe(href);
      expect(screen.queryByRole('link', { name: proceed })).toBeNull();
    },
  );

  it.each([
    [
      'fr',
      '/activate/MQ/dead',
      '/activate/:uid/:token',
      'Lien invalide ou expiré. Veuillez demander un nouvel e-mail d’activation.',
      'Se connecter',
      'Créer un compte',
    ],
    [
      'nl',
      '/nl/activate/MQ/dead',
      '/nl/activate/:uid/:token',
      'Ongeldige of verlopen link. Vraag een nieuwe activatie-e-mail aan.',
      'Inloggen',
      'Account aanmaken',
    ],
  ] as const)('explains a dead link (%s)', async (locale, route, path, message, login, register) => {
    api.on('POST /api/auth/activate/', { status: 400, body: { code: 'invalid_token', detail: 'Invalid link.' } });
    renderActivate(locale, route, path);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: login })).toBeTruthy();
    expect(screen.getByRole('link', { name: register })).toBeTruthy();
  });
});
