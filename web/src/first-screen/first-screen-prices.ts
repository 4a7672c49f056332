import {
  FIRST_SCREEN_WHOLE_ATTRIBUTE,
  PRICES_PART_ATTRIBUTE,
  PRICES_SEED_ID,
} from '@pharmaradar/shared/first-screen-markup';

/**
 * A product page drawn without its prices, none being cached (ADR 121), is completed without the
 * app, in one request (ADR 140): the server runs the search the app would run (which fills its
 * cache) and answers the page's price parts drawn with every shop's price, and the JSON the app
 * takes the page over with. They replace the drawn ones in place. The page is then whole, and the
 * app waits for the visitor's first touch, as on the home page. A touch before that starts the app,
 * which searches itself (joining the search under way on the server) and shows each shop as it
 * answers.
 */

const parts = (root: ParentNode) => [...root.querySelectorAll(`[${PRICES_PART_ATTRIBUTE}]`)];
const partName = (node: Element) => node.getAttribute(PRICES_PART_ATTRIBUTE);

/** The answer's two fields, read without the app's schemas (this runs before the app). */
function readAnswer(body: unknown): { parts: string; seed: object } | null {
  if (!body || typeof body !== 'object') return null;
  const { parts, seed } = body as { parts?: unknown; seed?: unknown };
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
  if (!document.getElementById(PRICES_SEED_ID)) return false;
  // The drawn status line is replaced with its part, and a live region that is new when its words
  // change is not read out: this one is there from the start, so a screen reader hears the outcome.
  const announcer = Object.assign(document.createElement('p'), { className: 'visually-hidden' });
  announcer.setAttribute('role', 'status');
  root.append(announcer);
  try {
    const url = new URL('/api/first-screen/prices/', origin);
    url.searchParams.set('path', location.pathname);
    const response = await fetch(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    const answer = response.ok ? readAnswer(await response.json()) : (await response.arrayBuffer(), null);
    if (appStarted()) return true;
    if (!answer) return false;
    const drawn = new DOMParser().parseFromString(`<body>${answer.parts}</body>`, 'text/html');
    const fresh = parts(drawn.body);
    const shown = parts(root);
    if (fresh.length === 0 || fresh.map(partName).join() !== shown.map(partName).join()) return false;
    shown.forEach((part, i) => part.replaceWith(document.adoptNode(fresh[i]!)));
    // The app reads the seed as the server embedded it: the same element, now with the prices.
    document.getElementById(PRICES_SEED_ID)!.textContent = JSON.stringify(answer.seed);
    root.setAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE, '');
    announcer.textContent = root.querySelector(`[${PRICES_PART_ATTRIBUTE}] [role="status"]`)?.textContent ?? '';
    return true;
  } catch {
    return false;
  }
}
