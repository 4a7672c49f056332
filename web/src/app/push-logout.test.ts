import { afterEach, describe, expect, it } from 'vitest';
import { runBeforeLogout } from '../lib/session/before-logout';
import { serveAuthApi, testUser } from '../test/fakes/auth-api-server';
import { installPushBrowser, removePushBrowser } from '../features/alerts/push/push-browser.test-support';
import { turnPushOffOnLogout } from './push-logout';

// A logout from any page turns push off on this device before the session ends.

const api = serveAuthApi();
afterEach(removePushBrowser);
turnPushOffOnLogout();

const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';

describe('logout with push on', () => {
  it('tells the server to forget this device, then unsubscribes it in the browser', async () => {
    api.user = testUser();
    api.on('DELETE /api/push/subscriptions/', { status: 204 });
    const browser = installPushBrowser({ permission: 'granted', subscription: { endpoint, unsubscribed: false } });
    await runBeforeLogout();
    expect(api.bodies('DELETE /api/push/subscriptions/')).toEqual([{ endpoint }]);
    expect(browser.subscription?.unsubscribed).toBe(true);
  });

  it('unsubscribes in the browser even when the server cannot be told', async () => {
    api.user = testUser();
    api.on('DELETE /api/push/subscriptions/', { status: 503, body: { detail: 'down', code: 'unavailable' } });
    const browser = installPushBrowser({ permission: 'granted', subscription: { endpoint, unsubscribed: false } });
    await runBeforeLogout();
    expect(browser.subscription?.unsubscribed).toBe(true);
  });

  it('sends nothing when push is off', async () => {
    api.user = testUser();
    installPushBrowser();
    await runBeforeLogout();
    expect(api.received.filter((r) => r.path.startsWith('/api/push/'))).toEqual([]);
  });
});
