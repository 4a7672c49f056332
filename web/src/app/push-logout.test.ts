import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../db/db';
import { runOnLogoutDecided } from '../lib/session/before-logout';
import { useSession } from '../lib/session/use-session';
import { serveAuthApi, testUser } from '../test/fakes/auth-api-server';
import { renderWithProviders } from '../test/render';
import { installPushBrowser, removePushBrowser } from '../features/alerts/push/push-browser.test-support';
import { turnPushOffOnLogout } from './push-logout';

// A logout from any page, once decided, turns push off on this device before the session ends; a
// logout the person cancels (unsynced Pro changes) keeps it.

const api = serveAuthApi();
afterEach(removePushBrowser);
turnPushOffOnLogout();

const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';
const pushDeletes = () => api.bodies('DELETE /api/push/subscriptions/');

describe('logout with push on', () => {
  it('tells the server to forget this device, then unsubscribes it in the browser', async () => {
    api.user = testUser();
    api.on('DELETE /api/push/subscriptions/', { status: 204 });
    const browser = installPushBrowser({ permission: 'granted', subscription: { endpoint, unsubscribed: false } });
    await runOnLogoutDecided();
    expect(pushDeletes()).toEqual([{ endpoint }]);
    expect(browser.subscription?.unsubscribed).toBe(true);
  });

  it('unsubscribes in the browser even when the server cannot be told', async () => {
    api.user = testUser();
    api.on('DELETE /api/push/subscriptions/', { status: 503, body: { detail: 'down', code: 'unavailable' } });
    const browser = installPushBrowser({ permission: 'granted', subscription: { endpoint, unsubscribed: false } });
    await runOnLogoutDecided();
    expect(browser.subscription?.unsubscribed).toBe(true);
  });

  it('sends nothing when push is off', async () => {
    api.user = testUser();
    installPushBrowser();
    await runOnLogoutDecided();
    expect(api.received.filter((r) => r.path.startsWith('/api/push/'))).toEqual([]);
  });

  it('keeps push on when the person cancels the logout, and turns it off when they confirm it', async () => {
    api.user = testUser({ is_pro: true, plan: 'pro' });
    api.on('POST /api/auth/logout/', { body: { detail: 'Logged out.' } });
    api.on('DELETE /api/push/subscriptions/', { status: 204 });
    const browser = installPushBrowser({ permission: 'granted', subscription: { endpoint, unsubscribed: false } });
    // A change not yet on the server makes the logout ask first.
    await db.proOutbox.clear();
    await db.proOutbox.add({ kind: 'group', id: '6f1c7a52-3c1e-4d55-9a3b-1f2e3d4c5b6a', updatedAt: 1 });
    let session: ReturnType<typeof useSession> | undefined;
    const Probe = () => {
      session = useSession();
      return createElement('p', { 'data-testid': 'probe' }, session.isAuthenticated ? 'signed-in' : 'anonymous');
    };
    renderWithProviders(createElement(Probe), { session: true, locale: 'en' });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signed-in'));

    let stayed: Promise<boolean> | undefined;
    act(() => {
      stayed = session?.logout();
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Stay logged in' }));
    expect(await stayed).toBe(false);
    expect(pushDeletes()).toEqual([]);
    expect(browser.subscription?.unsubscribed).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    let confirmed: Promise<boolean> | undefined;
    act(() => {
      confirmed = session?.logout();
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out anyway' }));
    expect(await confirmed).toBe(true);
    expect(pushDeletes()).toEqual([{ endpoint }]);
    expect(browser.subscription?.unsubscribed).toBe(true);
    await db.proOutbox.clear();
  });
});
