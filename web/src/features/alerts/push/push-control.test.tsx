import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveAuthApi, testUser } from '../../../test/fakes/auth-api-server';
import { setConnection } from '../../../test/connection';
import { renderWithProviders } from '../../../test/render';
import { installPushBrowser, removePushBrowser, SERVER_KEY } from './push-browser.test-support';
import { PushControl } from './push-control';

// "Notifications on this device" against a loopback API and a browser with (or without) push.

const api = serveAuthApi();
afterEach(() => {
  removePushBrowser();
  vi.restoreAllMocks();
});

const device = {
  id: 7,
  service: 'fcm.googleapis.com',
  device: 'Chrome · Android',
  created_at: '2026-11-29T08:00:00.000Z',
  current: true,
};

function render(locale: 'fr' | 'en' | 'nl') {
  api.user = testUser();
  api.on('GET /api/push/key/', { body: { publicKey: SERVER_KEY } });
  return renderWithProviders(<PushControl />, { locale, session: true });
}

const stateText = async () => (await screen.findByTestId('push-state')).textContent;

describe('notifications on this device', () => {
  it('says a browser without push cannot get them, with no button', async () => {
    render('en');
    expect(await stateText()).toBe('This browser cannot receive notifications. Your alerts reach you by email.');
    expect(screen.queryByTestId('push-toggle')).toBeNull();
  });

  it('tells an iPhone that notifications need the installed app', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
    );
    render('fr');
    expect(await stateText()).toMatch(
      /^Sur iPhone et iPad, les notifications ne fonctionnent que dans l’application installée/,
    );
  });

  it('says how to allow them again once the browser blocks them', async () => {
    installPushBrowser({ permission: 'denied' });
    render('nl');
    expect(await stateText()).toMatch(/^Meldingen zijn geblokkeerd voor deze site\. Om ze opnieuw toe te staan/);
    expect(screen.queryByTestId('push-toggle')).toBeNull();
  });

  it('asks the permission only on the tap, then subscribes with the server key and stores the device', async () => {
    const browser = installPushBrowser();
    api.on('POST /api/push/subscriptions/', { status: 201, body: { device } });
    render('fr');
    expect(await stateText()).toBe('Les notifications sont désactivées sur cet appareil.');
    expect(browser.asked).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Activer les notifications' }));
    await waitFor(async () => expect(await stateText()).toBe('Les notifications sont activées sur cet appareil.'));
    expect(browser.asked).toBe(1);
    expect(browser.subscribedWith.map((key) => key.length)).toEqual([65]);
    expect(api.bodies('POST /api/push/subscriptions/')).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
        keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Désactiver les notifications' })).toBeTruthy();
  });

  it('says the browser’s push service could not be reached, and stores nothing', async () => {
    installPushBrowser({ refuse: true });
    render('nl');
    fireEvent.click(await screen.findByRole('button', { name: 'Meldingen inschakelen' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^De meldingendienst van de browser is onbereikbaar/,
    );
    expect(await stateText()).toBe('Meldingen staan uit op dit toestel.');
    expect(api.bodies('POST /api/push/subscriptions/')).toEqual([]);
  });

  it('leaves no subscription on the device when the server refuses it (too many devices)', async () => {
    const browser = installPushBrowser();
    api.on('POST /api/push/subscriptions/', { status: 409, body: { detail: 'limit', code: 'push_limit' } });
    render('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Notifications are already on for the maximum/);
    expect(browser.subscription?.unsubscribed).toBe(true);
    expect(await stateText()).toBe('Notifications are off for this device.');
  });

  it('says a dismissed question can be asked again', async () => {
    installPushBrowser({ answer: 'default' });
    render('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await screen.findByText(
      'Notifications were not allowed. Tap the button again for the browser to ask you once more.',
    );
  });

  it('turns off: the server forgets the device, then the browser', async () => {
    const browser = installPushBrowser({
      permission: 'granted',
      subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', unsubscribed: false },
    });
    api.on('DELETE /api/push/subscriptions/', { status: 204 });
    render('fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Désactiver les notifications' }));
    await waitFor(async () => expect(await stateText()).toBe('Les notifications sont désactivées sur cet appareil.'));
    expect(api.bodies('DELETE /api/push/subscriptions/')).toEqual([
      { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1' },
    ]);
    expect(browser.subscription?.unsubscribed).toBe(true);
  });

  it('keeps the device on when the server cannot be told', async () => {
    const browser = installPushBrowser({
      permission: 'granted',
      subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', unsubscribed: false },
    });
    api.on('DELETE /api/push/subscriptions/', { status: 500, body: { detail: 'boom', code: 'internal' } });
    render('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off notifications' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Notifications could not be changed. Try again.');
    expect(browser.subscription?.unsubscribed).toBe(false);
    expect(await stateText()).toBe('Notifications are on for this device.');
  });

  it('offline: the button is disabled and says why', async () => {
    installPushBrowser();
    render('nl');
    const button = await screen.findByRole('button', { name: 'Meldingen inschakelen' });
    setConnection(false);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('push-offline').textContent).toBe(
      'Offline: maak opnieuw verbinding om meldingen in of uit te schakelen.',
    );
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('push-offline').id);
  });
});
