// The first search is what a new visitor came for: the service worker's downloads wait for it
// (register-sw.ts). Any code that runs a search, the app's or the drawn page's, announces it here; a
// window event keeps this free of imports either way.

export const SEARCH_STARTED_EVENT = 'pharmaradar:search-started';
export const SEARCH_SETTLED_EVENT = 'pharmaradar:search-settled';

/** Announces a search under way; call the returned function once it has settled (any outcome, twice is harmless). */
export function announceSearch(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.dispatchEvent(new Event(SEARCH_STARTED_EVENT));
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    window.dispatchEvent(new Event(SEARCH_SETTLED_EVENT));
  };
}
