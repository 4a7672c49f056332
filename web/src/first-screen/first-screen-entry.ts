import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_WHOLE_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';
import { settleDrawnSplash } from '../lib/splash-timing';
import { hasSignedInUser } from '../lib/session/session-cache-key';
import { browserLanguages, decideLocale, sessionStore } from '../lib/i18n/detect-locale';
import { localeOfPath } from '../lib/router/localized-path';
import { completeDrawnPrices } from './first-screen-prices';
import { drawnSearch } from './first-screen-search';
import { startOnIntent, type FirstScreenHandover } from './first-screen-start';

// Runs in the small entry (main.tsx), before any of the app: no React, no router, no zod here.

/** Resolves after the browser has painted a frame. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * A page the server drew works before the app runs (ADR 119, ADR 120). A page that is whole without
 * the app (the home page, a product page drawn with its cached prices: ADR 121) waits for the
 * visitor's first touch, key or focus, so a phone spends its first seconds showing the page, not
 * starting the app; unless the visitor is signed in on this device (their account belongs in the
 * header) or the server could not know the language (a later visit to / this session). A product
 * page drawn without its prices is completed in place first, each shop as it answers (ADR 140,
 * ADR 167); failing that, the app starts to fetch them. A search on the drawn home page runs in place
 * (ADR 167). `start` starts the app with what the visitor did on the drawn page.
 */
export function startFromFirstScreen(container: HTMLElement, start: (handover: FirstScreenHandover) => void): void {
  settleDrawnSplash(container);
  // docs/product.md#states's first-visit language move (/ -> /nl) is the address the server drew the page for.
  const { locale, redirectTo } = decideLocale({
    pathname: location.pathname,
    languages: browserLanguages(),
    storage: sessionStore(),
  });
  if (redirectTo) history.replaceState(history.state, '', `${redirectTo}${location.search}${location.hash}`);
  const shown = redirectTo ? localeOfPath(redirectTo) : locale;
  // On the home page a search runs in place before the app has taken over; the app starts after it,
  // once the browser is idle (ADR 167).
  const search = container.getAttribute(FIRST_SCREEN_ATTRIBUTE) === 'home' ? drawnSearch(container) : null;
  const handover: FirstScreenHandover = startOnIntent(
    container,
    () => start(handover),
    search && {
      run: (form, query) => search.run(form, query).then(() => handover.startWhenIdle()),
      stop: () => search.stop(),
    },
  );
  if (hasSignedInUser() || document.documentElement.lang !== shown) void afterPaint().then(handover.start);
  else if (!container.hasAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE))
    void afterPaint()
      .then(() => completeDrawnPrices(container, handover.started))
      .then((whole) => whole || handover.start());
}
