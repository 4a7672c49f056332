import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session/use-session';
import { serveAuthApi } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { SessionErrorBanner } from './session-error-banner';

const api = serveAuthApi();
// Restores navigator.onLine without an 'online' event: that would make a still-mounted session reload.
afterEach(() => {
  Reflect.deleteProperty(window.navigator, 'onLine');
});

function setOnline(online: boolean) {
  act(() => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function Booted() {
  return <p data-testid="booted">{useSession().booted ? 'booted' : 'booting'}</p>;
}

function renderBanner(locale: 'fr' | 'en' | 'nl' = 'en') {
  renderWithProviders(
    <>
      <SessionErrorBanner />
      <Booted />
    </>,
    { locale, session: true },
  );
}

const SERVER_DOWN = { status: 503, body: { code: 'unavailable', detail: 'Service unavailable.' } };
const meCalls = () => api.received.filter((r) => r.path === '/api/auth/me/').length;

describe('session boot error banner', () => {
  it('shows nothing when the session boots normally', async () => {
    renderBanner();
    await waitFor(() => expect(screen.getByTestId('booted').textContent).toBe('booted'));
    expect(screen.queryByTestId('session-error-banner')).toBeNull();
  });

  it('shows a translated alert when the start-up session check fails; Retry reloads and clears it', async () => {
    api.on('GET /api/auth/me/', SERVER_DOWN);
    renderBanner('en');
    const banner = await screen.findByRole('alert');
    expect(banner.dataset.testid).toBe('session-error-banner');
    expect(banner.textContent).toContain(
      'Your session could not be checked. Some account features may be unavailable.',
    );
    expect(meCalls()).toBe(1);

    api.reset();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('session-error-banner')).toBeNull());
    expect(meCalls()).toBe(1);
  });

  it('stays, usable again, when the retry fails too (nl)', async () => {
    api.on('GET /api/auth/me/', SERVER_DOWN);
    renderBanner('nl');
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toContain('Uw sessie kon niet worden gecontroleerd.');
    const retry = screen.getByRole('button', { name: 'Opnieuw proberen' });
    fireEvent.click(retry);
    expect(retry.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(meCalls()).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Opnieuw proberen' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.getByTestId('session-error-banner')).toBeTruthy();
  });

  it('can be dismissed (fr)', async () => {
    api.on('GET /api/auth/me/', SERVER_DOWN);
    renderBanner('fr');
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toContain('Votre session n’a pas pu être vérifiée.');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer le message' }));
    expect(screen.queryByTestId('session-error-banner')).toBeNull();
    expect(meCalls()).toBe(1);
  });

  it('is left to the offline banner while the browser is offline', async () => {
    api.on('GET /api/auth/me/', SERVER_DOWN);
    renderBanner('en');
    await screen.findByRole('alert');
    setOnline(false);
    expect(screen.queryByTestId('session-error-banner')).toBeNull();
  });
});
