import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import type { PushPayload } from '@pharmaradar/shared/push.schema';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { screenshot, waitForServiceWorker } from '../support/harness';
import { useJourney } from '../support/journey';
import { registerAndVerify } from '../support/register';

// Web Push on the built app, at 360 px. What is real and what is not:
// - real: the permission is not asked on load; the grant (Playwright's grantPermissions, that is CDP
//   Browser.grantPermissions for the journey's browser context, as the
//   person's "Allow" would); the push message, delivered to the real service worker by CDP
//   ServiceWorker.deliverPushMessage (what the browser does once its push service hands it one:
//   decryption is the browser's, covered by the server's tests); the notification the worker shows,
//   read back with registration.getNotifications();
// - the tap: headless Chromium has no way to click a notification, so the journey dispatches a
//   `notificationclick` with that notification inside the worker (CDP Runtime.evaluate); the app's
//   handler then brings the page to the product page. A dispatched event carries no tap, so the
//   browser refuses focus() there: the navigation is what is checked.
// - pushManager.subscribe needs Google's push service, unreachable here: the app's translated
//   error is what the journey checks (the server stores subscriptions in its own API tests).

const TEXTS: Partial<Record<Locale, { browser: string; turnOn: string; off: string; pushService: RegExp }>> = {
  fr: {
    browser: 'fr-BE',
    turnOn: 'Activer les notifications',
    off: 'Les notifications sont désactivées sur cet appareil.',
    pushService: /^Le service de notifications du navigateur est injoignable/,
  },
  nl: {
    browser: 'nl-BE',
    turnOn: 'Meldingen inschakelen',
    off: 'Meldingen staan uit op dit toestel.',
    pushService: /^De meldingendienst van de browser is onbereikbaar/,
  },
};
const NARROW = { width: 360, height: 740 } as const;

describe('push alerts', () => {
  const journey = useJourney();

  /** A demo product page's slug (from the sitemap): the page a price alert's message opens. */
  async function demoSlug(): Promise<string> {
    const sitemap = await (await fetch(journey.url('/sitemap.xml'))).text();
    return /<loc>[^<]*\/fr\/([a-z0-9-]+)<\/loc>/.exec(sitemap)![1]!;
  }

  it.each(['fr', 'nl'] as const)('notification shown and tapped into the product page (%s)', async (lang) => {
    const t = TEXTS[lang]!;
    const { page, context, pageErrors } = await journey.open({ locale: t.browser, viewport: NARROW });
    const prefix = lang === 'fr' ? '' : `/${lang}`;
    await registerAndVerify(page, journey.app, journey.url(`${prefix}/register`), {
      email: `push.${lang}@example.be`,
      password: 'een sterk wachtwoord',
      pharmacist: 'no',
    });
    await page.goto(journey.url(`${prefix}/compte`));
    await waitForServiceWorker(page);
    const control = page.getByTestId('push-control');
    expect(await control.getByTestId('push-state').textContent()).toBe(t.off);
    // Nothing asked on load.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    // Playwright sends CDP Browser.grantPermissions for the journey's own browser context.
    const origin = new URL(journey.url('/')).origin;
    await context.grantPermissions(['notifications'], { origin });

    // Subscribing needs the browser's push service: unreachable here, the app says so.
    await control.getByRole('button', { name: t.turnOn }).click();
    expect(await control.getByRole('alert').textContent()).toMatch(t.pushService);
    expect(await control.getByTestId('push-state').textContent()).toBe(t.off);
    await expectNoSeriousA11yViolations(page, `account push (${lang})`);
    await screenshot(page, `push-alerts-account-${lang}`);

    // A push message in the server's shape, delivered to the worker.
    const payload: PushPayload = {
      title: lang === 'fr' ? 'Baisse de prix : Dafalgan 1 g' : 'Prijsdaling: Dafalgan 1 g',
      body: lang === 'fr' ? 'Meilleur prix : 3,49 € chez Farmaline' : 'Beste prijs: € 3,49 bij Farmaline',
      url: `/${lang}/${await demoSlug()}`,
      tag: 'alert-1234567',
    };
    const page2 = await page.context().newCDPSession(page);
    await page2.send('ServiceWorker.enable');
    const registrationId = await new Promise<string>((resolve) => {
      page2.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await page2.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(payload),
    });
    const notifications = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          icon: n.icon,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        }));
      });
    await expect.poll(notifications, { timeout: 10_000 }).toHaveLength(1);
    expect((await notifications())[0]).toEqual({
      title: payload.title,
      body: payload.body,
      icon: journey.url('/icons/icon-192.png'),
      tag: payload.tag,
      url: journey.url(payload.url),
    });

    // The tap, dispatched inside the worker (see above).
    const worker = context.serviceWorkers()[0]!;
    await worker.evaluate(async () => {
      const scope = self as unknown as EventTarget & { registration: { getNotifications(): Promise<unknown[]> } };
      const Click = Reflect.get(scope, 'NotificationEvent') as new (
        type: string,
        init: { notification: unknown },
      ) => Event;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new Click('notificationclick', { notification }));
    });
    await page.waitForURL(journey.url(payload.url));
    expect(pageErrors).toEqual([]);
  });
});
