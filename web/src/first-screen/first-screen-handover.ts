import type { createBrowserRouter } from 'react-router';
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_WHOLE_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';
import type { FirstScreenHandover } from './first-screen-start';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Resolves once the router has the page ready to draw (its language, its chunk, its loaders): until
 * then the server-drawn first screen stays up instead of a loading screen (ADR 119).
 */
export function whenRouterReady(router: Router): Promise<void> {
  const ready = () => router.state.initialized && router.state.navigation.state === 'idle';
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe(() => {
      if (!ready()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The address the drawn page moved to while the router was already built (a search made in place,
 * ADR 167, after the app had started): the router goes there too, so the app draws that page (the
 * results of `?q=`), not the one it was started on. Resolves once it is ready to draw it. The page
 * is already there, where the visitor has it: the router keeps the scroll position (ADR 213).
 */
export async function followDrawnAddress(router: Router): Promise<void> {
  const routed = router.state.location;
  const address = `${location.pathname}${location.search}${location.hash}`;
  if (`${routed.pathname}${routed.search}${routed.hash}` === address) return;
  await router.navigate(address, { replace: true, preventScrollReset: true });
  await whenRouterReady(router);
}

/**
 * Runs in the commit where the app's page replaced the drawn one: the visitor's typing and focus
 * move into the app's fields at once, and a tap the drawn page could not answer is made again once
 * the app's effects have run.
 */
export function takeOverFirstScreen(container: HTMLElement, handover?: FirstScreenHandover): void {
  container.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
  container.removeAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE);
  if (!handover) return;
  handover.restoreFields(container);
  setTimeout(() => handover.replayTap(container), 0);
}
