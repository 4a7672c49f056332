import { createContext, useContext, useState } from 'react';
import { ScrollRestoration, UNSAFE_DataRouterStateContext as DataRouterStateContext, useLocation } from 'react-router';

/**
 * Every fresh document load starts on a history entry keyed "default", so by default a new URL opened
 * in the same tab (e.g. a link to /privacy#retention) got the scroll position saved for the previous
 * document instead of its #fragment. Fresh entries are keyed by their URL instead.
 */
function scrollKey(location: { key: string; pathname: string; search: string; hash: string }): string {
  return location.key === 'default' ? `${location.pathname}${location.search}${location.hash}` : location.key;
}

/** True when the app's first render replaces a page the server drew (ADR 119); the app's start sets it. */
export const TakeoverContext = createContext(false);

/**
 * The router's scroll restoration, except that the app's first render over a page the server drew is
 * no navigation (ADR 213). The visitor has been on that page all along, scrolled it, searched on it:
 * the router's rule for a page just opened (its top, its #fragment, or a position saved for the
 * address on an earlier visit) would take away what they are looking at. The router is told, for that
 * render only, that there is nothing to restore, as after a revalidation; from the first navigation
 * on its rule applies unchanged, and it saves this page's position when leaving it as for any other.
 */
export function AppScrollRestoration() {
  const tookOver = useContext(TakeoverContext);
  const state = useContext(DataRouterStateContext);
  const { key } = useLocation();
  // The history entry the takeover drew; null once the router has moved to another (even back to it).
  const [drawnKey, setDrawnKey] = useState(tookOver ? key : null);
  if (drawnKey !== null && key !== drawnKey) setDrawnKey(null);
  const still = drawnKey !== null && key === drawnKey;
  // One tree in both cases: a remount would reread the saved positions and lose the ones kept since.
  return (
    <DataRouterStateContext.Provider value={still && state ? { ...state, restoreScrollPosition: false } : state}>
      <ScrollRestoration getKey={scrollKey} />
    </DataRouterStateContext.Provider>
  );
}
