import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadGoogleClientId } from '../../lib/session/google-identity';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import LoginPage from './login.page';

const api = serveAuthApi();

const target = (path: string, text: string) => ({ path, element: <p>{text}</p> });

function renderLogin(route = '/login', locale: 'fr' | 'nl' | 'en' = 'fr') {
  return renderWithProviders(<LoginPage />, {
    locale,
    route,
    path: locale === 'fr' && !route.startsWith('/fr') ? '/login' : `/${route.split('/')[1]}/login`,
    session: true,
    routes: [
      target('/', 'home'),
      target('/compte', 'account page'),
      target('/nl', 'nl home'),
      target('/verify-otp', 'verify page'),
      target('/nl/verify-otp', 'nl verify page'),
    ],
  });
}

/**
 * This page's start-up session check has been answered, once: a check the previous test's page sends
 * late is in that test's scope, never counted here.
 */
const booted = () => waitFor(() => expect(api.bodies('GET /api/auth/me/').length).toBe(1));

const fill = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });
const submit = () => fireEvent.click(document.querySelector('button[type="submit"]')!);

describe('login page', () => {
  it('asks for every field (fr), marks them invalid with their message and sets the tab title', async () => {
    renderLogin();
    expect(document.title).toBe('Connexion · PharmaRadar');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Veuillez remplir tous les champs obligatoires.');
    for (const name of ['email', 'password']) {
      const el = document.querySelector(`input[name="${name}"]`)!;
      expect(el.getAttribute('aria-invalid')).toBe('true');
      const described = el.getAttribute('aria-describedby')!;
      expect(document.getElementById(described)?.textContent).toBe('Ce champ est obligatoire.');
    }
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('email'));
  });

  it('asks for every field (nl)', async () => {
    renderLogin('/nl/login', 'nl');
    expect(document.title).toBe('Inloggen · PharmaRadar');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Vul alle verplichte velden in.');
  });

  it.each([
    ['fr', '/login', 'Identifiants invalides.'],
    ['nl', '/nl/login', 'Ongeldige inloggegevens.'],
  ] as const)('shows invalid credentials in %s', async (locale, route, message) => {
    api.on('POST /api/auth/login/', {
      status: 401,
      body: { code: 'invalid_credentials', detail: 'Invalid credentials.' },
    });
    renderLogin(route, locale);
    fill('email', 'anne@example.be');
    fill('password', 'wrong-password');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(document.querySelector<HTMLInputElement>('input[name="password"]')?.value).toBe('');
  });

  it('logs in, sends the e-mail as username, and goes to the ?from path', async () => {
    api.on('POST /api/auth/login/', () => {
      api.user = testUser();
      return { body: { user: api.user } };
    });
    renderLogin('/login?from=/compte');
    await booted();
    fill('email', ' anne.dupont@example.be ');
    fill('password', 'correct horse');
    submit();
    expect(await screen.findByText('account page')).toBeTruthy();
    expect(api.bodies('POST /api/auth/login/')).toEqual([
      { username: 'anne.dupont@example.be', password: 'correct horse' },
    ]);
    // The session reload after login fetched a fresh CSRF token (a new session on the server).
    const after = api.received.slice(api.received.findIndex((r) => r.path === '/api/auth/login/'));
    expect(after.map((r) => r.path)).toEqual(['/api/auth/login/', '/api/auth/csrf/', '/api/auth/me/']);
  });

  it('ends signed in even when the login beats the start-up session check', async () => {
    api.on('POST /api/auth/login/', () => {
      api.user = testUser();
      return { body: { user: api.user } };
    });
    let meCalls = 0;
    // The start-up check is slow: its "anonymous" answer arrives after the login succeeded.
    api.on('GET /api/auth/me/', () =>
      ++meCalls === 1 ? { body: { user: null }, delayMs: 400 } : { body: { user: api.user } },
    );
    renderLogin('/login');
    fill('email', 'anne.dupont@example.be');
    fill('password', 'correct horse');
    submit();
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it('never redirects to another site', async () => {
    api.on('POST /api/auth/login/', () => {
      api.user = testUser();
      return { body: { user: api.user } };
    });
    renderLogin('/login?from=//evil.example/steal');
    fill('email', 'anne.dupont@example.be');
    fill('password', 'correct horse');
    submit();
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it('sends an unverified account to the code screen with its e-mail', async () => {
    api.on('POST /api/auth/login/', {
      status: 403,
      body: { code: 'email_not_verified', detail: 'Verify your e-mail.' },
    });
    renderLogin('/nl/login', 'nl');
    fill('email', 'jan@example.be');
    fill('password', 'whatever1');
    submit();
    expect(await screen.findByText('nl verify page')).toBeTruthy();
    expect(sessionStorage.getItem('pe_pending_email')).toBe('jan@example.be');
  });

  it('is just e-mail and password: no pharmacist question without Google, nothing but the login sent', async () => {
    api.on('POST /api/auth/login/', () => {
      api.user = testUser({ is_pharmacist: null });
      return { body: { user: api.user } };
    });
    renderLogin();
    expect(await loadGoogleClientId()).toBeNull();
    await booted();
    expect(document.querySelector('input[name="is_pharmacist"]')).toBeNull();
    expect(screen.queryByText('Êtes-vous pharmacien·ne ?')).toBeNull();
    expect([...document.querySelectorAll('form input')].map((i) => i.getAttribute('name'))).toEqual([
      'email',
      'password',
    ]);
    fill('email', 'anne.dupont@example.be');
    fill('password', 'correct horse');
    submit();
    expect(await screen.findByText('home')).toBeTruthy();
    expect(api.bodies('PATCH /api/auth/update-profile/')).toEqual([]);
  });

  it('shows and hides the password', () => {
    renderLogin();
    const input = document.querySelector('input[name="password"]')!;
    expect(input?.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(input?.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(input?.getAttribute('type')).toBe('password');
  });

  it('has no Google button when the server has no Google client id', async () => {
    renderLogin();
    expect(await loadGoogleClientId()).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy());
    expect(screen.queryByTestId('google-signin')).toBeNull();
    expect(screen.getByRole('link', { name: /Mot de passe oublié/ })?.getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Créer un compte' })?.getAttribute('href')).toBe('/register');
  });
});
