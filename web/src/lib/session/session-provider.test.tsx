import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api as apiClient, setApiOrigin } from '../api/client';
import { SessionProvider } from './session-provider';
import { useSession } from './use-session';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { db, type SavedSearch } from '../../db/db';

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

  it('a logout made offline takes effect: signed out at the next start, the logout sent again first', async () => {
    api.user = testUser();
    const first = renderSession();
    await waitFor(() => expect(probe()).toContain('user:'));
    const origin = api.origin;
    setApiOrigin('http://127.0.0.1:9'); // offline: the logout POST cannot reach the server
    await act(() => session.logout());
    expect(probe()).toContain('anonymous');
    first.unmount();

    // The network is back but the server still has the session (api.user is set): the device must
    // not come back signed in; it sends the logout before asking who the user is.
    setApiOrigin(origin);
    api.on('POST /api/auth/logout/', () => {
      api.user = null;
      return { body: { detail: 'Logged out.' } };
    });
    const before = api.received.length;
    renderSession();
    await waitFor(() => expect(probe()).toBe('booted anonymous no-error'));
    const paths = api.received.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(paths.indexOf('POST /api/auth/logout/')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('POST /api/auth/logout/')).toBeLessThan(paths.indexOf('GET /api/auth/me/'));
  });

  it('while the server cannot confirm a pending logout, the start stays signed out', async () => {
    api.user = testUser();
    const first = renderSession();
    await waitFor(() => expect(probe()).toContain('user:'));
    api.on('POST /api/auth/logout/', { status: 503, body: { code: 'unavailable', detail: 'Down.' } });
    await act(() => session.logout());
    first.unmount();
    const before = api.received.length;
    renderSession();
    await waitFor(() => expect(probe()).toBe('booted anonymous no-error'));
    const paths = api.received.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('POST /api/auth/logout/');
    expect(paths).not.toContain('GET /api/auth/me/');
  });

  it("logout wipes the user's searches and session storage from the device (shared tablet)", async () => {
    api.user = testUser();
    api.on('POST /api/auth/logout/', { body: { detail: 'Logged out.' } });
    renderSession();
    await waitFor(() => expect(probe()).toContain('user:'));
    await db.searches.put({ query: 'dafalgan', label: 'Dafalgan', savedAt: 1 } as unknown as SavedSearch);
    sessionStorage.setItem('pe_private', 'x');
    expect(await db.searches.count()).toBe(1);
    await act(() => session.logout());
    expect(await db.searches.count()).toBe(0);
    expect(sessionStorage.getItem('pe_private')).toBeNull();
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

  it("an 'unauthorized' event (docs/product.md#states) reloads the user and signs out", async () => {
    api.user = testUser();
    renderSession();
    await waitFor(() => expect(probe()).toContain('user:'));
    api.user = null;
    act(() => {
      window.dispatchEvent(new CustomEvent('unauthorized'));
    });
    await waitFor(() => expect(probe()).toBe('booted anonymous no-error'));
  });

  it('a 401 on any call signs out through the unauthorized event (docs/architecture.md#client-rules)', async () => {
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
