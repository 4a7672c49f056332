import { Workbox } from 'workbox-window';
import { updateStore } from './update-store';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the generated service worker (vite-plugin-pwa, injectRegister null: no inline script
 * under the CSP). A waiting worker raises the update prompt; the page reloads only after the user
 * clicked "Reload" and the new worker took control.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });

  const offerUpdate = () => {
    updateStore.setWaiting(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  };
  wb.addEventListener('waiting', offerUpdate);

  void wb
    .register()
    .then((registration) => {
      if (!registration) return;
      // Tablets stay open all day: look for a new version every hour and when back online.
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      window.addEventListener('online', () => void registration.update().catch(() => undefined));
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
