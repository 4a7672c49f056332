import { readStored, writeStored } from './web-storage';

/** docs/product.md#constants: the splash fades at 2.3 s and is removed at 3.2 s, once per session. */
export const SPLASH_FADE_MS = 2300;
export const SPLASH_END_MS = 3200;
export const SPLASH_SEEN_KEY = 'splashSeen';

export function alreadySeen(): boolean {
  return readStored(SPLASH_SEEN_KEY, 'session') != null;
}

export function markSeen(): void {
  // Without storage the splash may show again next visit: harmless.
  writeStored(SPLASH_SEEN_KEY, '1', 'session');
}

let drawnByServer = false;

/** Whether the server drew this page (ADR 166): then no splash covers it, drawn or from the app. */
export function pageDrawnByServer(): boolean {
  return drawnByServer;
}

/**
 * Called on every page the server drew, before the app starts (ADR 119). Such a page is already on
 * the screen: a splash over it would only hide it (ADR 166). The splash's timings
 * (docs/product.md#constants) stay for a page not drawn yet, the shell the service worker serves. A
 * splash left in the markup (an older server build) goes at once, and the session counts as landed:
 * a later shell of this session is not greeted again.
 */
export function settleDrawnSplash(root: HTMLElement): void {
  drawnByServer = true;
  root.querySelector(':scope > .splash')?.remove();
  markSeen();
}
