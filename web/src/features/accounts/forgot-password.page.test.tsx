import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { setApiOrigin } from '../../lib/api/client';
import { serveAuthApi } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import ForgotPasswordPage from './forgot-password.page';
import { fill, submit } from './test-helpers';

const api = serveAuthApi();
afterEach(() => {
  vi.useRealTimers();
});

function renderForgot(locale: Locale = 'fr') {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<ForgotPasswordPage />, {
    locale,
    route: `${prefix}/forgot-password`,
    path: `${prefix}/forgot-password`,
  });
}

describe('forgot-password page', () => {
  it.each([
    ['fr', 'Veuillez saisir une adresse e-mail valide.', 'Adresse e-mail invalide.'],
    ['nl', 'Voer een geldig e-mailadres in.', 'Ongeldig e-mailadres.'],
  ] as const)('validates the address (%s)', async (locale, empty, invalid) => {
    renderForgot(locale);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(empty);
    fill('email', 'anne@');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(invalid);
    expect(api.bodies('POST /api/auth/password-reset/')).toEqual([]);
  });

  it('shows the check-inbox state with the webmail of the address and a resend countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    api.on('POST /api/auth/password-reset/', { body: { detail: 'If an account exists, an e-mail was sent.' } });
    renderForgot('nl');
    fill('email', 'Jan.Peeters@telenet.be');
    submit();
    expect(await screen.findByText('Controleer uw inbox')).toBeTruthy();
    expect(screen.getByTestId('forgot-sent').textContent).toContain('Jan.Peeters@telenet.be');
    const mailbox = screen.getByRole('link', { name: 'Telenet Webmail openen' });
    expect(mailbox.getAttribute('href')).toBe('https://webmail.telenet.be/');
    const resend = screen.getByTestId('resend') as HTMLButtonElement;
    expect(resend.textContent).toBe('E-mail opnieuw versturen over 60 s');
    expect(resend.disabled).toBe(true);
    // The countdown's interval is set by an effect that may run just after the text shows (sooner or
    // later depending on the machine's load): the minute is let pass only once it is set.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    act(() => vi.advanceTimersByTime(60_000));
    expect(resend.textContent).toBe('E-mail opnieuw versturen');
    fireEvent.click(resend);
    expect(await screen.findByText('De e-mail is opnieuw verstuurd.')).toBeTruthy();
    expect(api.bodies('POST /api/auth/password-reset/')).toEqual([
      { email: 'Jan.Peeters@telenet.be' },
      { email: 'Jan.Peeters@telenet.be' },
    ]);
  });

  it('opens the mail app for other domains (fr)', async () => {
    api.on('POST /api/auth/password-reset/', { body: { detail: 'ok' } });
    renderForgot('fr');
    fill('email', 'pharmacie@example.be');
    submit();
    const link = await screen.findByRole('link', { name: 'Ouvrir ma messagerie' });
    expect(link.getAttribute('href')).toBe('mailto:');
  });

  it('says when the server cannot be reached', async () => {
    setApiOrigin('http://127.0.0.1:9');
    renderForgot('fr');
    fill('email', 'anne@example.be');
    submit();
    expect((await screen.findByRole('alert', undefined, { timeout: 5000 })).textContent).toBe(
      'Impossible de joindre le serveur. Vérifiez votre connexion internet et réessayez.',
    );
  });
});
