import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api as apiClient, setApiOrigin } from '../api/client';
import { SessionProvider } from './session-provider';
import { useSession } from './use-session';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';

const api = serveAuthApi();

let session: ReturnType<typeof useSession>;

function Probe() {
  session = useSession();
  return (
    <p data-testid="probe">
      {session.booted ? 'booted' : 'unbooted'} {session.isAuthenticated ? `user:${session.user.email}` : 'anonymous'}{' '}
      {session.bootError ? 'boot-error' : 'no-error'}
    </p>
  );
}

const probe = () => screen.getByTestId('probe').textContent;

function renderSession() {
  return render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
}

describe('SessionProvider against a real HTTP server', () => {
  it('fetches the CSRF token then the user, then is booted', async () => {
    api.user = testUser();
    renderSession();
    expect(probe()).toBe('unbooted anonymous no-error');
    await waitFor(() => expect(probe()).toBe('booted user:anne.dupont@example.be no-error'));
    const paths = api.received.map((r) => `${r.method} ${r.path}`);
    expect(paths.slice(0, 2)).toEqual(['GET /api/auth/csrf/', 'GET /api/auth/me/']);
  });

  it('boots anonymous when the server says so', async () => {
    renderSession();
    await waitFor(() => expect(probe()).toBe('booted anonymous no-error'));
  });

  it('ignores a CSRF failure at start', async () => {
    api.user = testUser();
    api.on('GET /api/auth/csrf/', { status: 500, body: { code: 'internal', detail: 'boom' } });
    renderSession();
    await waitFor(() => expect(probe()).toBe('booted user:anne.dupont@example.be no-error'));
  });

  it('keeps a failed user load as the boot error and is anonymous', async () => {
    api.on('GET /api/auth/me/', { status: 500, body: { code: 'internal', detail: 'boom' } });
    renderSession();
    await waitFor(() => expect(probe()).toBe('booted anonymous boot-error'));
  });

  it('offline at start, shows the last signed-in user from the previous visit', async () => {
    api.user = testUser();
    const first = renderSession();
    await waitFor(() => expect(probe()).toContain('user:anne.dupont@example.be'));
    first.unmount();
    setApiOrigin('http://127.0.0.1:9'); // nothing listens there: a network failure
    renderSession();
    await waitFor(() => expect(probe()).toBe('booted user:anne.dupont@example.be boot-error'));
  });

  it('logout posts to the server and becomes anonymous, even for the next offline start', async () => {
    api.user = testUser();
    api.on('POST /api/auth/logout/', { body: { detail: 'Logged out.' } });
    const first = renderSession();
    await waitFor(() => expect(probe()).toContain('user:'));
    await act(() => session.logout());
    expect(probe()).toBe('booted anonymous no-error');
    const logout = api.received.find((r) => r.path === '/api/auth/logout/');
    expect(logout?.headers['x-csrftoken']).toBe('test-csrf-token');
    first.unmount();
    setApiOrigin('http://127.0.0.1:9');
    renderSession();
    await waitFor(() => expect(probe()).toBe('booted anonymous boot-error'));
  });

  it('reload after a login picks up the new user and a new CSRF token', async () => {
    renderSession();
    await waitFor(() => expect(probe()).toBe('booted anonymous no-error'));
    api.user = testUser({ email: 'jan@example.be' });
    const before = api.received.length;
    await act(() => session.reload());
    expect(probe()).toBe('booted user:jan@example.be no-error');
    expect(api.received.slice(before).map((r) => r.path)).toEqual(['/api/auth/csrf/', '/api/auth/me/']);
  });

  it("an 'unauthorized' event (SPEC §4) reloads the user and signs out", async () => {
    api.user = testUser();
    renderSession();
    await waitFor(() => expect(probe()).toContain('user:'));
    api.user = null;
    act(() => {
      window.dispatchEvent(new CustomEvent('unauthorized'));
    });
    await waitFor(() => expect(probe()).toBe('booted anonymous no-error'));
  });

  it('a 401 on any call signs out through the unauthorized event (SPEC §7)', async () => {
    api.user = testUser();
    renderSession();
    await waitFor(() => expect(probe()).toContain('user:'));
    // The server has ended the session (deleted elsewhere, expired): the next call answers 401.
    api.user = null;
    api.on('GET /api/billing/check-subscription/', {
      status: 401,
      body: { code: 'unauthorized', detail: 'Login required.' },
    });
    await act(async () => {
      await apiClient.get('/billing/check-subscription/').catch(() => undefined);
    });
    await waitFor(() => expect(probe()).toBe('booted anonymous no-error'));
  });

  it('a failed reload signs out', async () => {
    api.user = testUser();
    renderSession();
    await waitFor(() => expect(probe()).toContain('user:'));
    api.on('GET /api/auth/me/', { status: 503, body: { code: 'unavailable', detail: 'Down.' } });
    await act(() => session.reload());
    expect(probe()).toBe('booted anonymous no-error');
  });

  it('setUser replaces the user with a profile answer', async () => {
    api.user = testUser();
    renderSession();
    await waitFor(() => expect(probe()).toContain('user:'));
    act(() => {
      session.setUser({ user: testUser({ email: 'renamed@example.be' }) });
    });
    expect(probe()).toBe('booted user:renamed@example.be no-error');
  });
});
