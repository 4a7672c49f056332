import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import RegisterPage from './register.page';
import { fill, fillValidRegistration, input, submit } from './test-helpers';

const api = serveAuthApi();

function renderRegister(locale: Locale) {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<RegisterPage />, {
    locale,
    route: `${prefix}/register`,
    path: `${prefix}/register`,
    session: true,
    routes: [{ path: `${prefix}/verify-otp`, element: <p>verify page</p> }],
  });
}

const MESSAGES: Record<'fr' | 'nl', Record<string, string>> = {
  fr: {
    required: 'Veuillez remplir tous les champs obligatoires.',
    mismatch: 'Les mots de passe ne correspondent pas.',
    short: 'Le mot de passe doit contenir au moins 8 caractères.',
    terms: 'Vous devez accepter les conditions d’utilisation.',
    pharmacist: 'Veuillez indiquer si vous êtes pharmacien·ne.',
    failed: 'Erreur lors de l’inscription.',
    field: 'Ce champ est obligatoire.',
    email: 'Adresse e-mail invalide.',
    fix: 'Veuillez corriger les champs signalés.',
    title: 'Créer un compte · PharmaRadar',
    firstName:
      'Saisissez votre prénom : des lettres seulement (trait d’union, apostrophe et espace permis), 3 mots et 40 caractères au plus.',
  },
  nl: {
    required: 'Vul alle verplichte velden in.',
    mismatch: 'De wachtwoorden komen niet overeen.',
    short: 'Het wachtwoord moet minstens 8 tekens lang zijn.',
    terms: 'U moet de gebruiksvoorwaarden aanvaarden.',
    pharmacist: 'Geef aan of u apotheker bent.',
    failed: 'Fout bij de registratie.',
    field: 'Dit veld is verplicht.',
    email: 'Ongeldig e-mailadres.',
    fix: 'Verbeter de aangeduide velden.',
    title: 'Account aanmaken · PharmaRadar',
    firstName:
      'Vul uw voornaam in: alleen letters (koppelteken, apostrof en spatie toegestaan), hoogstens 3 woorden en 40 tekens.',
  },
};

const alertText = async () => (await screen.findByRole('alert')).textContent;

/** The text of the messages a control is described by (what a screen reader reads with it). */
function description(el: Element): string[] {
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe.each(['fr', 'nl'] as const)('register page (%s)', (locale) => {
  const t = MESSAGES[locale];

  it('reports every problem at once, each under its field, with the summary on top', async () => {
    renderRegister(locale);
    expect(document.title).toBe(t.title);
    fill('first_name', 'Anne');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(t.required);
    // The summary comes before the first field, so it is seen without scrolling.
    expect(alert.compareDocumentPosition(input('first_name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input('first_name').getAttribute('aria-invalid')).toBeNull();
    for (const name of ['last_name', 'email', 'password', 'password_confirm']) {
      expect(input(name).getAttribute('aria-invalid'), name).toBe('true');
      expect(description(input(name)), name).toContain(t.field);
    }
    expect(description(input('is_pharmacist'))).toContain(t.pharmacist);
    expect(input('is_pharmacist').getAttribute('aria-invalid')).toBe('true');
    expect(description(input('accept_terms'))).toEqual([t.terms]);
    expect(input('accept_terms').getAttribute('aria-invalid')).toBe('true');
    // The focus is on the first field to fix.
    await waitFor(() => expect(document.activeElement).toBe(input('last_name')));
    expect(api.bodies('POST /api/auth/register/')).toEqual([]);
    // Editing a marked field unmarks it and removes its message; the others stay.
    fill('last_name', 'Dupont');
    expect(input('last_name').getAttribute('aria-invalid')).toBeNull();
    expect(description(input('last_name'))).toEqual([]);
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows several rule violations together', async () => {
    renderRegister(locale);
    fillValidRegistration();
    fill('email', 'anne@');
    fill('password', 'short12');
    fill('password_confirm', 'short13');
    submit();
    expect(await alertText()).toBe(t.fix);
    expect(description(input('email'))).toEqual([t.email]);
    expect(description(input('password'))).toContain(t.short);
    expect(description(input('password_confirm'))).toEqual([t.mismatch]);
    expect(input('first_name').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input('email')));
  });

  it('refuses a first name that is a look-alike domain, before sending anything', async () => {
    renderRegister(locale);
    fillValidRegistration();
    fill('first_name', 'evil。example。com');
    submit();
    expect(await alertText()).toBe(t.firstName);
    expect(description(input('first_name'))).toEqual([t.firstName]);
    expect(input('first_name').getAttribute('aria-invalid')).toBe('true');
    expect(api.bodies('POST /api/auth/register/')).toEqual([]);
  });

  it('checks that the passwords match', async () => {
    renderRegister(locale);
    fillValidRegistration();
    fill('password_confirm', 'long enougH');
    submit();
    expect(await alertText()).toBe(t.mismatch);
    expect(description(input('password_confirm'))).toEqual([t.mismatch]);
    await waitFor(() => expect(document.activeElement).toBe(input('password_confirm')));
  });

  it('needs 8 characters', async () => {
    renderRegister(locale);
    fillValidRegistration();
    fill('password', 'short12');
    fill('password_confirm', 'short12');
    submit();
    expect(await alertText()).toBe(t.short);
  });

  it('needs the terms accepted', async () => {
    renderRegister(locale);
    fillValidRegistration();
    fireEvent.click(input('accept_terms'));
    submit();
    expect(await alertText()).toBe(t.terms);
  });

  it('shows the registration error with the server field messages', async () => {
    api.on('POST /api/auth/register/', {
      status: 400,
      body: {
        code: 'validation_error',
        detail: 'Invalid data.',
        fields: {
          password: locale === 'fr' ? 'Ce mot de passe est trop courant.' : 'Dit wachtwoord komt te vaak voor.',
        },
      },
    });
    renderRegister(locale);
    fillValidRegistration();
    submit();
    expect(await alertText()).toBe(t.failed);
    expect(
      screen.getByText(locale === 'fr' ? 'Ce mot de passe est trop courant.' : 'Dit wachtwoord komt te vaak voor.'),
    ).toBeTruthy();
    expect(input('password').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('register page: pharmacist answer and success', () => {
  it('asks whether the user is a pharmacist (fr)', async () => {
    renderRegister('fr');
    fill('first_name', 'Anne');
    fill('last_name', 'Dupont');
    fill('email', 'anne@example.be');
    fill('password', 'long enough');
    fill('password_confirm', 'long enough');
    fireEvent.click(input('accept_terms'));
    submit();
    expect(await alertText()).toBe(MESSAGES.fr.pharmacist);
  });

  it('asks whether the user is a pharmacist (nl)', async () => {
    renderRegister('nl');
    fill('first_name', 'Jan');
    fill('last_name', 'Peeters');
    fill('email', 'jan@example.be');
    fill('password', 'lang genoeg');
    fill('password_confirm', 'lang genoeg');
    fireEvent.click(input('accept_terms'));
    submit();
    expect(await alertText()).toBe(MESSAGES.nl.pharmacist);
  });

  it('registers without logging in and goes to the code screen with the e-mail', async () => {
    api.on('POST /api/auth/register/', { status: 201, body: { detail: 'Code sent.', email: 'anne@example.be' } });
    renderRegister('nl');
    fillValidRegistration();
    submit();
    expect(await screen.findByText('verify page')).toBeTruthy();
    expect(api.bodies('POST /api/auth/register/')).toEqual([
      {
        email: 'anne@example.be',
        password: 'long enough',
        first_name: 'Anne',
        last_name: 'Dupont',
        is_pharmacist: true,
        accept_terms: true,
      },
    ]);
    expect(sessionStorage.getItem('pe_pending_email')).toBe('anne@example.be');
  });
});
