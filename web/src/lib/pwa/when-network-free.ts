import { SEARCH_SETTLED_EVENT, SEARCH_STARTED_EVENT } from './search-activity';

/**
 * How long the page must have fetched nothing and the visitor done nothing before the worker may
 * start without a search (ADR 165): longer than the pause between a tap in the search box and the
 * first key, so a visitor about to search is not raced.
 */
export const QUIET_MS = 5000;
/**
 * The longest wait: a page that keeps fetching (a Pro analysis, a stuck stream) still gets its
 * worker, and with it the app offline. A search times out before this (API_TIMEOUT_MS, 30 s).
 */
export const MAX_WAIT_MS = 45_000;
/** The idle callback's own limit: on a busy phone the worker still starts, a frame or so late. */
export const IDLE_TIMEOUT_MS = 2000;

/** What the visitor does that says a search may be coming: each one restarts the quiet wait. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'input', 'focusin'] as const;

export interface NetworkFreeOptions {
  quietMs?: number;
  maxWaitMs?: number;
}

/**
 * Runs `run` once, in idle time, as soon as either the first search has settled or the page has been
 * quiet for `quietMs` (no resource fetched, no input, no search under way), or at the latest after
 * `maxWaitMs`. Returns a cancel function.
 * Call it once the page has loaded.
 */
export function whenNetworkFree(
  run: () => void,
  { quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS }: NetworkFreeOptions = {},
): () => void {
  let searching = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;

  const stop = () => {
    done = true;
    clearTimeout(timer);
    clearTimeout(deadline);
    observer?.disconnect();
    window.removeEventListener(SEARCH_STARTED_EVENT, onStart);
    window.removeEventListener(SEARCH_SETTLED_EVENT, onSettled);
    for (const type of INPUT_EVENTS) window.removeEventListener(type, restart, true);
  };
  const go = () => {
    if (done) return;
    stop();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  function restart() {
    clearTimeout(timer);
    if (searching === 0 && !done) timer = setTimeout(go, quietMs);
  }
  function onStart() {
    searching += 1;
    clearTimeout(timer);
  }
  function onSettled() {
    searching = Math.max(0, searching - 1);
    if (searching === 0) go();
  }

  // A fetch that completes is a sign the page still loads something: wait on.
  const observer =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('resource')
      ? new PerformanceObserver(restart)
      : undefined;
  observer?.observe({ type: 'resource' });
  const deadline = setTimeout(go, maxWaitMs);
  window.addEventListener(SEARCH_STARTED_EVENT, onStart);
  window.addEventListener(SEARCH_SETTLED_EVENT, onSettled);
  for (const type of INPUT_EVENTS) window.addEventListener(type, restart, { capture: true, passive: true });
  restart();
  return stop;
}
