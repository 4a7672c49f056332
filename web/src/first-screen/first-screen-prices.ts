import {
  FIRST_SCREEN_WHOLE_ATTRIBUTE,
  PRICES_PART_ATTRIBUTE,
  PRICES_SEED_ID,
} from '@pharmaradar/shared/first-screen-markup';
import { announceSearch } from '../lib/pwa/search-activity';
import { readDrawnStream, revealPart, swapParts, type DrawnEventData } from './first-screen-stream';

/**
 * A product page drawn without its prices, none being cached (ADR 121), is completed without the
 * app, in one request (ADR 140) that streams (ADR 167): the server runs the search the app would run
 * and, as each shop answers, sends the page's price parts drawn again with that answer; the last
 * event also carries the JSON the app takes the page over with. The parts replace the drawn ones in
 * place each time. The page is then whole, and the app waits for the visitor's first touch, as on
 * the home page. A touch before that starts the app, which searches itself (joining the search under
 * way on the server); the parts go on coming until it has taken the page over.
 */

/** The end's two fields, read without the app's schemas (this runs before the app). */
function readEnd({ parts, seed }: DrawnEventData): { parts: string; seed: object } | null {
  return typeof parts === 'string' && seed && typeof seed === 'object' ? { parts, seed } : null;
}

/**
 * Resolves true once `root` shows the page whole (or the app has started meanwhile, which takes the
 * page over anyway); false when the prices could not be had this way (offline, refused, the server
 * has no renderer or no longer every price), so the caller starts the app, which has a word for each
 * of those cases.
 */
export async function completeDrawnPrices(
  root: HTMLElement,
  appStarted: () => boolean,
  origin: string = location.origin,
): Promise<boolean> {
  const seedElement = document.getElementById(PRICES_SEED_ID);
  if (!seedElement) return false;
  // The drawn status line is replaced with its part, and a live region that is new when its words
  // change is not read out: this one is there from the start, so a screen reader hears the outcome.
  const announcer = Object.assign(document.createElement('p'), { className: 'visually-hidden' });
  announcer.setAttribute('role', 'status');
  root.append(announcer);
  const url = new URL('/api/first-screen/prices/', origin);
  url.searchParams.set('path', location.pathname);
  let whole = false;
  let matched = true;
  let revealed = false;
  // A search on the server, the visitor's first maybe: the service worker's downloads wait for it (ADR 224).
  const settled = announceSearch();
  try {
    const read = await readDrawnStream(url, (name, data) => {
      if (!matched || whole) return;
      const end = name === 'done' ? readEnd(data) : null;
      const parts = end?.parts ?? (name === 'parts' ? data.parts : null);
      if (typeof parts !== 'string') return;
      matched = swapParts(root, parts);
      if (!matched) return;
      if (!revealed && data.priced === true) {
        revealed = true;
        revealPart(root, '');
      }
      if (!end) return;
      // The app reads the seed as the server embedded it: the same element, now with the prices.
      seedElement.textContent = JSON.stringify(end.seed);
      root.setAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE, '');
      announcer.textContent = root.querySelector(`[${PRICES_PART_ATTRIBUTE}] [role="status"]`)?.textContent ?? '';
      whole = true;
    });
    return (read && whole) || appStarted();
  } catch {
    return appStarted();
  } finally {
    settled();
  }
}
