import { FIRST_SCREEN_WHOLE_ATTRIBUTE, PRICES_PART_ATTRIBUTE, PRICES_SEED_ID } from '@pharmaradar/shared/first-screen';

/**
 * A product page drawn without its prices, none being cached (ADR 121), is completed without the
 * app: the prices are asked for (the search the app would run, which fills the server's cache), then
 * the page is asked for again, now drawn with them, and its price and history parts replace the
 * drawn ones in place. The page is then whole, and the app waits for the visitor's first touch, as
 * on the home page. A touch before that starts the app, which searches itself (joining the search
 * under way on the server) and shows each shop as it answers.
 */

/** The CNK of the drawn page's prices, read without the app's schemas (this runs before the app). */
function drawnCnk(): string | null {
  try {
    const seed = JSON.parse(document.getElementById(PRICES_SEED_ID)?.textContent ?? 'null') as unknown;
    const cnk = seed && typeof seed === 'object' ? (seed as { cnk?: unknown }).cnk : null;
    return typeof cnk === 'string' && /^\d{7}$/.test(cnk) ? cnk : null;
  } catch {
    return null;
  }
}

const parts = (root: ParentNode) => [...root.querySelectorAll(`[${PRICES_PART_ATTRIBUTE}]`)];
const partName = (node: Element) => node.getAttribute(PRICES_PART_ATTRIBUTE);

/**
 * Resolves true once `root` shows the page whole (or the app has started meanwhile, which takes the
 * page over anyway); false when the prices could not be had this way (offline, refused, the server
 * has no renderer), so the caller starts the app, which has a word for each of those cases.
 */
export async function completeDrawnPrices(
  root: HTMLElement,
  appStarted: () => boolean,
  origin: string = location.origin,
): Promise<boolean> {
  const cnk = drawnCnk();
  if (!cnk) return false;
  const ask = (path: string, accept: string) =>
    fetch(new URL(path, origin), {
      credentials: 'same-origin',
      headers: { Accept: accept, 'X-Requested-With': 'XMLHttpRequest' },
    });
  // The drawn status line is replaced with its part, and a live region that is new when its words
  // change is not read out: this one is there from the start, so a screen reader hears the outcome.
  const announcer = Object.assign(document.createElement('p'), { className: 'visually-hidden' });
  announcer.setAttribute('role', 'status');
  root.append(announcer);
  try {
    const search = await ask(`/api/search/?q=${cnk}`, 'application/json');
    await search.arrayBuffer();
    if (!search.ok) return false;
    if (appStarted()) return true;
    const page = await ask(`${location.pathname}${location.search}`, 'text/html');
    const html = page.ok ? await page.text() : '';
    if (appStarted()) return true;
    const drawn = new DOMParser().parseFromString(html, 'text/html');
    const seed = drawn.getElementById(PRICES_SEED_ID);
    const fresh = parts(drawn);
    const shown = parts(root);
    const whole = drawn.getElementById('root')?.hasAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE) === true;
    const matches = fresh.length > 0 && fresh.map(partName).join() === shown.map(partName).join();
    if (!whole || !seed || !matches) return false;
    shown.forEach((part, i) => part.replaceWith(document.adoptNode(fresh[i]!)));
    document.getElementById(PRICES_SEED_ID)?.replaceWith(document.adoptNode(seed));
    root.setAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE, '');
    announcer.textContent = root.querySelector(`[${PRICES_PART_ATTRIBUTE}] [role="status"]`)?.textContent ?? '';
    return true;
  } catch {
    return false;
  }
}
