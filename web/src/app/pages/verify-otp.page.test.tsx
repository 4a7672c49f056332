import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import VerifyOtpPage from './verify-otp.page';
import { fill, input, submit } from '../../features/accounts/test-helpers';

const api = serveAuthApi();
afterEach(() => {
  vi.useRealTimers();
});

function renderVerify(locale: Locale = 'fr', email: string | null = 'anne@example.be') {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  if (email) sessionStorage.setItem('pe_pending_email', email);
  return renderWithProviders(<VerifyOtpPage />, {
    locale,
    route: `${prefix}/verify-otp`,
    path: `${prefix}/verify-otp`,
    session: true,
    routes: [{ path: prefix || '/', element: <p>home page</p> }],
  });
}

const resend = () => screen.getByTestId('resend') as HTMLButtonElement;

describe('verify-otp page', () => {
  it.each([
    ['fr', 'Adresse e-mail manquante. Veuillez recommencer l’inscription.'],
    ['nl', 'E-mailadres ontbreekt. Start de registratie opnieuw.'],
  ] as const)('says the e-mail is missing (%s)', async (locale, message) => {
    renderVerify(locale, null);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(document.querySelector('input[name="code"]')).toBeNull();
  });

  it.each([
    ['fr', 'Saisissez le code à 6 chiffres.'],
    ['nl', 'Voer de 6-cijferige code in.'],
  ] as const)('asks for 6 digits (%s)', async (locale, message) => {
    renderVerify(locale);
    fill('code', '12a4');
    expect(input('code').value).toBe('124');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(api.bodies('POST /api/auth/verify-otp/')).toEqual([]);
  });

  it('has the one-time-code input hooks and its own tab title', () => {
    renderVerify();
    expect(document.title).toBe('Vérification de l’e-mail · PharmaRadar');
    expect(input('code').getAttribute('inputmode')).toBe('numeric');
    expect(input('code').getAttribute('autocomplete')).toBe('one-time-code');
  });

  it.each([
    ['fr', 'Code invalide ou expiré.'],
    ['nl', 'Ongeldige of verlopen code.'],
  ] as const)('reports a wrong code (%s)', async (locale, message) => {
    api.on('POST /api/auth/verify-otp/', {
      status: 400,
      body: { code: 'otp_invalid', detail: 'Invalid or expired code.' },
    });
    renderVerify(locale);
    fill('code', '123456');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('verifies the code, reloads the session and goes home', async () => {
    api.on('POST /api/auth/verify-otp/', () => {
      api.user = testUser();
      return { body: { user: api.user } };
    });
    renderVerify('nl');
    fill('code', '123 456');
    submit();
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(api.bodies('POST /api/auth/verify-otp/')).toEqual([{ email: 'anne@example.be', code: '123456' }]);
    expect(sessionStorage.getItem('pe_pending_email')).toBeNull();
  });

  it.each([
    ['fr', 'Mot de passe de votre compte', 'Saisissez le mot de passe de votre compte (au moins 8 caractères).'],
    ['en', 'Password of your account', 'Enter your account password (at least 8 characters).'],
    ['nl', 'Wachtwoord van uw account', 'Voer het wachtwoord van uw account in (minstens 8 tekens).'],
  ] as const)(
    'asks for the password the code will activate when the server needs it (%s)',
    async (locale, label, error) => {
      api.on('POST /api/auth/verify-otp/', (request) => {
        if (!(request.json as { password?: string }).password) {
          return { status: 400, body: { code: 'password_required', detail: 'Password required.' } };
        }
        api.user = testUser();
        return { body: { user: api.user } };
      });
      renderVerify(locale);
      expect(document.querySelector('input[name="password"]')).toBeNull();
      fill('code', '123456');
      submit();
      expect((await screen.findByRole('alert')).textContent).toBe(error);
      expect(screen.getByLabelText(label)).toBe(input('password'));
      expect(input('password').getAttribute('aria-invalid')).toBe('true');
      fill('password', 'short');
      submit();
      expect(api.bodies('POST /api/auth/verify-otp/')).toHaveLength(1);
      fill('password', 'Correct horse 42');
      submit();
      expect(await screen.findByText('home page')).toBeTruthy();
      expect(api.bodies('POST /api/auth/verify-otp/')[1]).toEqual({
        email: 'anne@example.be',
        code: '123456',
        password: 'Correct horse 42',
      });
    },
  );

  it('counts down 60 s before the code can be sent again, then again after a resend', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    api.on('POST /api/auth/resend-otp/', { body: { detail: 'Code sent.' } });
    renderVerify('fr');
    expect(resend().disabled).toBe(true);
    expect(resend().textContent).toBe('Renvoyer le code dans 60 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(resend().textContent).toBe('Renvoyer le code dans 59 s');
    act(() => vi.advanceTimersByTime(58_000));
    expect(resend().textContent).toBe('Renvoyer le code dans 1 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(resend().textContent).toBe('Renvoyer le code');
    expect(resend().disabled).toBe(false);

    fireEvent.click(resend());
    expect(await screen.findByText('Un nouveau code vous a été envoyé.')).toBeTruthy();
    expect(resend().textContent).toBe('Renvoyer le code dans 60 s');
    expect(api.bodies('POST /api/auth/resend-otp/')).toEqual([{ email: 'anne@example.be' }]);
  });

  it('shows the throttling answer and waits again (nl)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    api.on('POST /api/auth/resend-otp/', {
      status: 429,
      headers: { 'Retry-After': '42' },
      body: { code: 'rate_limited', detail: 'Te veel verzoeken. Probeer over 42 seconden opnieuw.', retry_after: 42 },
    });
    renderVerify('nl');
    act(() => vi.advanceTimersByTime(60_000));
    expect(resend().textContent).toBe('Code opnieuw versturen');
    fireEvent.click(resend());
    expect((await screen.findByRole('alert')).textContent).toBe('Te veel verzoeken. Probeer over 42 seconden opnieuw.');
    // The countdown follows the server's Retry-After.
    expect(resend().textContent).toBe('Code opnieuw versturen over 42 s');
    expect(resend().disabled).toBe(true);
  });

  it.each([
    ['fr', 'Erreur lors de l’envoi du code.'],
    ['nl', 'Fout bij het versturen van de code.'],
  ] as const)('reports a failed resend (%s)', async (locale, message) => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    api.on('POST /api/auth/resend-otp/', { status: 500, body: { code: 'internal', detail: 'Internal error.' } });
    renderVerify(locale);
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(resend());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
