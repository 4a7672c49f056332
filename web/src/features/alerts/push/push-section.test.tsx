import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { serveAuthApi, testUser } from '../../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../../test/render';
import { installPushBrowser, removePushBrowser, SERVER_KEY } from './push-browser.test-support';
import { PushSection } from './push-section';

// The account's push section: the devices with push on and the alert e-mail switch, against a loopback API.

const api = serveAuthApi();
afterEach(removePushBrowser);

const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';
const devices = [
  {
    id: 7,
    service: 'fcm.googleapis.com',
    device: 'Chrome · Android',
    created_at: '2026-11-20T08:00:00.000Z',
    current: true,
  },
  {
    id: 9,
    service: 'web.push.apple.com',
    device: 'Safari · iPadOS',
    created_at: '2026-11-02T08:00:00.000Z',
    current: false,
  },
];

function render(locale: 'fr' | 'en' | 'nl', email = true) {
  api.user = testUser();
  api.on('GET /api/push/key/', { body: { publicKey: SERVER_KEY } });
  api.on('GET /api/alerts/preferences/', { body: { email } });
  return renderWithProviders(<PushSection />, { locale, session: true });
}

describe('account: notifications', () => {
  it('lists the devices with push on, this one marked, sending this device’s endpoint', async () => {
    installPushBrowser({ permission: 'granted', subscription: { endpoint, unsubscribed: false } });
    api.on('GET /api/push/subscriptions/', { body: { devices } });
    render('fr');
    const rows = await screen.findAllByTestId('push-device');
    expect(rows.map((r) => r.querySelector('span')?.textContent?.replace(/\s/g, ' '))).toEqual([
      'Chrome · Android · fcm.googleapis.com · depuis le 20 nov. 2026 · cet appareil',
      'Safari · iPadOS · web.push.apple.com · depuis le 2 nov. 2026',
    ]);
    const list = api.received.filter((r) => r.method === 'GET' && r.path === '/api/push/subscriptions/');
    expect(list[0]?.headers['x-push-endpoint']).toBe(endpoint);
  });

  it('says when no device has push on', async () => {
    installPushBrowser();
    api.on('GET /api/push/subscriptions/', { body: { devices: [] } });
    render('nl');
    expect(await screen.findByText('Geen enkel toestel ontvangt meldingen.')).toBeTruthy();
  });

  it('removes another device by its id; removing this one also turns its switch off', async () => {
    const browser = installPushBrowser({ permission: 'granted', subscription: { endpoint, unsubscribed: false } });
    let listed = devices;
    api.on('GET /api/push/subscriptions/', () => ({ body: { devices: listed } }));
    api.on('DELETE /api/push/subscriptions/9/', () => ((listed = listed.filter((d) => d.id !== 9)), { status: 204 }));
    api.on('DELETE /api/push/subscriptions/', () => ((listed = []), { status: 204 }));
    render('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove notifications from Safari · iPadOS' }));
    await waitFor(() => expect(screen.getAllByTestId('push-device')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove notifications from Chrome · Android' }));
    expect(await screen.findByText('No device receives notifications.')).toBeTruthy();
    expect(api.bodies('DELETE /api/push/subscriptions/')).toEqual([{ endpoint }]);
    expect(browser.subscription?.unsubscribed).toBe(true);
    expect(await screen.findByText('Notifications are off for this device.')).toBeTruthy();
  });

  it('shows the server’s reason when e-mail cannot be turned off, and keeps it on', async () => {
    installPushBrowser();
    api.on('GET /api/push/subscriptions/', { body: { devices: [] } });
    api.on('PUT /api/alerts/preferences/', { status: 409, body: { detail: 'no channel', code: 'no_channel' } });
    render('fr');
    const box = (await screen.findByRole('checkbox', {
      name: 'Recevoir aussi les alertes par e-mail',
    })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Activez d’abord les notifications sur un appareil : sans e-mail ni notification, vos alertes ne vous parviendraient pas.',
    );
    expect(box.checked).toBe(true);
    expect(api.bodies('PUT /api/alerts/preferences/')).toEqual([{ email: false }]);
  });

  it('turns e-mail off when a device has push', async () => {
    installPushBrowser();
    api.on('GET /api/push/subscriptions/', { body: { devices } });
    api.on('PUT /api/alerts/preferences/', { body: { email: false } });
    render('nl');
    const section = await screen.findByTestId('account-push');
    const box = (await within(section).findByRole('checkbox', {
      name: 'Alarmen ook per e-mail versturen',
    })) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
  });

  it('says when the list cannot be loaded', async () => {
    installPushBrowser();
    api.on('GET /api/push/subscriptions/', { status: 500, body: { detail: 'boom', code: 'internal' } });
    render('en');
    expect(await screen.findByText('The list of devices could not be loaded or changed.')).toBeTruthy();
  });
});
