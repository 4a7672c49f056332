import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_WHOLE_ATTRIBUTE } from '@pharmaradar/shared/first-screen';
import { completeDrawnPrices } from './app/first-screen-prices';
import { startOnIntent, type FirstScreenHandover } from './app/first-screen-start';
import { settleDrawnSplash } from './features/layout/splash-timing';
import { registerServiceWorker } from './lib/pwa/register-sw';
import { hasSignedInUser } from './lib/session/session-cache-key';
import { browserLanguages, decideLocale, sessionStore } from './lib/i18n/detect-locale';
import { localeOfPath } from './lib/router/localized-path';
import './app/styles/tokens.css';
import './app/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const firstScreen = container.hasAttribute(FIRST_SCREEN_ATTRIBUTE);

/** Resolves after the browser has painted a frame. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const start = (handover?: FirstScreenHandover) =>
  void import('./app/boot').then(({ boot }) => boot(container, firstScreen, handover));

// The worker keeps the app for offline use whether or not the app itself has started yet; on a drawn
// page its precache is also what brings the app's code in before the first touch.
registerServiceWorker();

if (!firstScreen) start();
else {
  settleDrawnSplash(container);
  // SPEC §4's first-visit language move (/ -> /nl) is the address the server drew the page for.
  const { locale, redirectTo } = decideLocale({
    pathname: location.pathname,
    languages: browserLanguages(),
    storage: sessionStore(),
  });
  if (redirectTo) history.replaceState(history.state, '', `${redirectTo}${location.search}${location.hash}`);
  const shown = redirectTo ? localeOfPath(redirectTo) : locale;
  // A page the server drew works before the app runs (ADR 119, ADR 120). A page that is whole
  // without the app (the home page, a product page drawn with its cached prices: ADR 121) waits for
  // the visitor's first touch, key or focus, so a phone spends its first seconds showing the page,
  // not starting the app; unless the visitor is signed in on this device (their account belongs in
  // the header) or the server could not know the language (a later visit to / this session). A
  // product page drawn without its prices is completed in place first; failing that, the app starts
  // to fetch them.
  const handover: FirstScreenHandover = startOnIntent(container, () => start(handover));
  if (hasSignedInUser() || document.documentElement.lang !== shown) void afterPaint().then(handover.start);
  else if (!container.hasAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE))
    void afterPaint()
      .then(() => completeDrawnPrices(container, handover.started))
      .then((whole) => whole || handover.start());
}
