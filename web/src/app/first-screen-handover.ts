import type { createBrowserRouter } from 'react-router';
import { FIRST_SCREEN_ATTRIBUTE } from '@pharmaradar/shared/first-screen';

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
 * The server draws its page inert (nothing on it answers before the app does, so no tap or typing is
 * lost); the app's own page, drawn in its place, is live.
 */
export function takeOverFirstScreen(container: HTMLElement): void {
  container.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
  container.removeAttribute('inert');
}
