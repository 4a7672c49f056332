/** docs/product.md#constants: the splash fades at 2.3 s and is removed at 3.2 s, once per session. */
export const SPLASH_FADE_MS = 2300;
export const SPLASH_END_MS = 3200;
export const SPLASH_SEEN_KEY = 'splashSeen';

export function alreadySeen(): boolean {
  try {
    return sessionStorage.getItem(SPLASH_SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

export function markSeen(): void {
  try {
    sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
  } catch {
    // Without storage the splash may show again next visit: harmless.
  }
}

let drawnByServer = false;

/** Whether this page's splash came drawn with the page (the app must not show a second one). */
export function splashDrawnByServer(): boolean {
  return drawnByServer;
}

/**
 * The splash the server drew with the home page (ADR 120) runs on its own, timed from the landing:
 * it leaves #root so the app can take the page over under it, fades and goes as docs/product.md#constants says. A
 * session that has seen it already gets it removed before the app starts.
 */
export function settleDrawnSplash(root: HTMLElement): void {
  const splash = root.querySelector<HTMLElement>(':scope > .splash');
  if (!splash) return;
  if (alreadySeen()) {
    splash.remove();
    return;
  }
  drawnByServer = true;
  root.after(splash);
  const since = performance.now();
  setTimeout(
    () => {
      splash.dataset.phase = 'hidden';
      splash.classList.add('splash--hidden');
    },
    Math.max(0, SPLASH_FADE_MS - since),
  );
  setTimeout(
    () => {
      splash.remove();
      markSeen();
    },
    Math.max(0, SPLASH_END_MS - since),
  );
}
