// The first search is what a new visitor came for: the service worker's downloads wait for it
// (register-sw.ts). Any code that runs a search, the app's or the drawn page's, announces it here; a
// window event keeps this free of imports either way, and the count of those under way lets a wait
// that starts later (after `load`) know of a search that started before it.

export const SEARCH_STARTED_EVENT = 'pharmaradar:search-started';
export const SEARCH_SETTLED_EVENT = 'pharmaradar:search-settled';

let underWay = 0;

/** How many announced searches have not settled yet. */
export function searchesUnderWay(): number {
  return underWay;
}

/** Announces a search under way; call the returned function once it has settled (any outcome, twice is harmless). */
export function announceSearch(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  underWay += 1;
  window.dispatchEvent(new Event(SEARCH_STARTED_EVENT));
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    underWay -= 1;
    window.dispatchEvent(new Event(SEARCH_SETTLED_EVENT));
  };
}
