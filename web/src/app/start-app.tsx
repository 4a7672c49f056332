import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { INTL_LOCALE } from '@pharmaradar/shared/locales';
import { App } from './app';
import { followDrawnAddress, takeOverFirstScreen, whenRouterReady } from '../first-screen/first-screen-handover';
import { routes } from './routes';
import { warmIntl } from '../lib/i18n/warm-intl';
import { warmIntlOffThread } from '../lib/i18n/warm-intl-worker.client';
import { localeOfPath } from '../lib/router/localized-path';
import type { FirstScreenHandover } from '../first-screen/first-screen-start';
import { markStart } from '../lib/perf/start-marks';
import { nextTask } from '../lib/perf/next-task';
import { turnPushOffOnLogout } from './push-logout';

// The end of the app's code evaluation (its imports first): the bench names the start's tasks by it.
markStart('start:evaluated');

/**
 * The app's start once its code is evaluated (boot.tsx has the arguments). Building the router and
 * starting ICU are each one piece of work a phone cannot split: they run as separate tasks, so none
 * of them adds to the others' wait.
 */
export async function startApp(
  container: HTMLElement,
  firstScreen: boolean,
  handover?: FirstScreenHandover,
): Promise<void> {
  // Needed only for the takeover, fetched beside the page's chunk and translations: it stays out of
  // the home page's first JavaScript (its budget). Without it (a failed download) the app still draws.
  const takeoverTaps = firstScreen ? import('../first-screen/takeover-tap').catch(() => null) : null;
  const intlLocale = INTL_LOCALE[localeOfPath(window.location.pathname)];
  // A drawn page may be typed on: ICU's data is loaded by a worker meanwhile (ADR 184). Without a
  // drawn page the loading screen is up, and a worker's download would only delay the app.
  const intlWarmed = firstScreen ? warmIntlOffThread(intlLocale) : null;
  await nextTask();
  markStart('start:routes');
  await requestMatchedRoutes();
  await nextTask();
  markStart('start:router');
  const router = createBrowserRouter(routes);
  turnPushOffOnLogout();
  const root = createRoot(container);
  await intlWarmed;
  await nextTask();
  markStart('start:intl');
  warmIntl(intlLocale);
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

/**
 * Asks for the address's page chunks, each in a task of its own (ADR 184): each request lists the chunks
 * to preload, and a slow phone takes tens of milliseconds to check those against the page's links.
 * The router's start then finds the requests made (the browser answers an import once) and does
 * only its own work. A failure here is the router's to show, when it asks again.
 */
async function requestMatchedRoutes(): Promise<void> {
  // Matching the route table is a piece of work of its own, as is each request.
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    await nextTask();
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}
