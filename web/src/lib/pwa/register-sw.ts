import type { Workbox } from 'workbox-window';
import { updateStore } from './update-store';
import { whenNetworkFree } from './when-network-free';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The part of workbox-window's Workbox used here (a test loads a real Workbox over a fake container). */
type ServiceWorkerClient = Pick<Workbox, 'addEventListener' | 'messageSkipWaiting' | 'register'>;

export interface StartServiceWorkerOptions {
  /**
   * Loads the client, the one way to give it: by default workbox-window, a chunk of its own that may
   * fail to load (the page left, the network gone).
   */
  load?: () => Promise<ServiceWorkerClient>;
  /** Reloads the page once the new worker controls it. */
  reload?: () => void;
}

/**
 * Registers the generated service worker (vite-plugin-pwa, injectRegister null: no inline script
 * under the CSP). Skipped in development, where vite serves no worker.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // The worker's precache downloads must not compete with the page's own requests nor with the
  // visitor's first search (ADR 165), yet a visitor who only opens a few pages must have it before
  // going offline (ADR 224): registered once the page has loaded and its network is idle, after any
  // search under way or being typed. workbox-window stays out of the first JavaScript.
  const start = () => void whenNetworkFree(() => void startServiceWorker());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

const loadWorkbox = async (): Promise<ServiceWorkerClient> =>
  new (await import('workbox-window')).Workbox('/sw.js', { scope: '/' });

/**
 * A waiting worker raises the update prompt; the page reloads only after the user clicked "Reload"
 * and the new worker took control. Resolves to a function that stops the periodic update checks.
 */
export async function startServiceWorker(options: StartServiceWorkerOptions = {}): Promise<() => void> {
  let wb: ServiceWorkerClient;
  try {
    wb = await (options.load ?? loadWorkbox)();
  } catch {
    // The page was left or the network dropped while the chunk loaded: no worker on this page, and no
    // error on it either (the next page registers).
    return () => undefined;
  }
  const reload = options.reload ?? (() => window.location.reload());

  const offerUpdate = () => {
    updateStore.setWaiting(() => {
      wb.addEventListener('controlling', () => reload());
      wb.messageSkipWaiting();
    });
  };
  wb.addEventListener('waiting', offerUpdate);

  try {
    const registration = await wb.register();
    if (!registration) return () => undefined;
    // Tablets stay open all day: look for a new version every hour and when back online.
    const checkForUpdate = () => void registration.update().catch(() => undefined);
    const timer = setInterval(checkForUpdate, UPDATE_CHECK_MS);
    window.addEventListener('online', checkForUpdate);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', checkForUpdate);
    };
  } catch (error: unknown) {
    console.warn('Service worker registration failed', error);
    return () => undefined;
  }
}
