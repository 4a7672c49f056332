import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { INTL_LOCALE } from '@pharmaradar/shared/locales';
import { App } from './app';
import { followDrawnAddress, takeOverFirstScreen, whenRouterReady } from '../first-screen/first-screen-handover';
import { routes } from './routes';
import { warmIntl } from '../lib/i18n/warm-intl';
import { localeOfPath } from '../lib/router/localized-path';
import type { FirstScreenHandover } from '../first-screen/first-screen-start';
import { markStart } from '../lib/perf/start-marks';
import { nextTask } from '../lib/perf/next-task';

// The end of this chunk's evaluation (its imports first): the bench names the start's tasks by it.
markStart('start:evaluated');

/**
 * Starts the app in `container`; `firstScreen`: it holds a server-drawn page (ADR 119), and
 * `handover` what the visitor did on it before the app started (ADR 120). Loading the
 * app's code, starting ICU and building the router are each one piece of work a phone cannot split:
 * they run as separate tasks, so none of them adds to the others' wait.
 */
export async function boot(
  container: HTMLElement,
  firstScreen: boolean,
  handover?: FirstScreenHandover,
): Promise<void> {
  // Needed only for the takeover, fetched beside the page's chunk and translations: it stays out of
  // the home page's first JavaScript (its budget). Without it (a failed download) the app still draws.
  const takeoverTaps = firstScreen ? import('../first-screen/takeover-tap').catch(() => null) : null;
  await nextTask();
  markStart('start:intl');
  warmIntl(INTL_LOCALE[localeOfPath(window.location.pathname)]);
  await nextTask();
  markStart('start:router');

  const router = createBrowserRouter(routes);
  const root = createRoot(container);
  // A transition: React draws the app in slices of a few milliseconds, so a slow phone stays responsive.
  const draw = (onFirstCommit?: () => void) =>
    startTransition(() => {
      markStart('start:render');
      root.render(
        <StrictMode>
          <App router={router} onFirstCommit={onFirstCommit} />
        </StrictMode>,
      );
    });

  // The server-drawn page stays up until the app can draw the same page, instead of giving way to
  // the loading screen; the app replaces it in one commit.
  if (firstScreen)
    void whenRouterReady(router)
      // A search the drawn page is making (ADR 167) is taken over once drawn whole, not restarted.
      .then(() => handover?.whenSearchEnded())
      .then(() => handover?.whenPointerFree())
      .then(() => followDrawnAddress(router))
      .then(() => takeoverTaps)
      .then((module) => {
        // From here a tap on the drawn page may end on the app's: it is carried over (ADR 182).
        const taps = module?.watchTakeoverTaps(container);
        draw(() => {
          markStart('start:commit');
          takeOverFirstScreen(container, handover);
          taps?.committed();
          // A search made in place while the app was drawing (ADR 167) is the app's now.
          void followDrawnAddress(router);
        });
      });
  else draw();
}
