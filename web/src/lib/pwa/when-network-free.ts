import { SEARCH_SETTLED_EVENT, SEARCH_STARTED_EVENT, searchesUnderWay } from './search-activity';

/**
 * How long the page must have fetched nothing before the worker may start (ADR 224): the network is
 * idle, the page drawn and loaded. A visitor who reads and opens products gets the worker within
 * seconds of the first page, so an offline reload of any page seen shows the app.
 */
export const QUIET_MS = 1000;
/**
 * How long a key, tap or focus in a search form holds the worker back (ADR 165): longer than the
 * pause between a tap in the search box and the first key, so a visitor about to search is not
 * raced. Elsewhere on the page input holds nothing: a tap on a link is no search coming.
 */
export const TYPING_PAUSE_MS = 5000;
/**
 * The longest wait: a page that keeps fetching (a Pro analysis, a stuck stream) still gets its
 * worker, and with it the app offline. A search times out before this (API_TIMEOUT_MS, 30 s).
 */
export const MAX_WAIT_MS = 45_000;
/** The idle callback's own limit: on a busy phone the worker still starts, a frame or so late. */
export const IDLE_TIMEOUT_MS = 2000;

/** What the visitor does in a search form that says a search may be coming. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'input', 'focusin'] as const;

export interface NetworkFreeOptions {
  quietMs?: number;
  typingPauseMs?: number;
  maxWaitMs?: number;
}

const inSearchForm = (event: Event) => event.target instanceof Element && event.target.closest('form[role="search"]');

/**
 * Runs `run` once, in idle time, as soon as no search is under way (announced ones, even those that
 * started before this was called), the visitor has not touched a search form for `typingPauseMs`,
 * and the page has fetched nothing for `quietMs`; at once when the last search settles; at the
 * latest after `maxWaitMs`. Returns a cancel function. Call it once the page has loaded.
 */
export function whenNetworkFree(
  run: () => void,
  { quietMs = QUIET_MS, typingPauseMs = TYPING_PAUSE_MS, maxWaitMs = MAX_WAIT_MS }: NetworkFreeOptions = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let typingUntil = 0;
  let done = false;

  const stop = () => {
    done = true;
    clearTimeout(timer);
    clearTimeout(deadline);
    observer?.disconnect();
    window.removeEventListener(SEARCH_STARTED_EVENT, onStart);
    window.removeEventListener(SEARCH_SETTLED_EVENT, onSettled);
    for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, true);
  };
  const go = () => {
    if (done) return;
    stop();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  /** Waits `ms`, then goes unless a search is under way or the visitor is typing one. */
  function wait(ms = quietMs) {
    clearTimeout(timer);
    if (done || searchesUnderWay() > 0) return;
    timer = setTimeout(() => {
      const typing = typingUntil - Date.now();
      if (typing > 0) wait(typing);
      else if (searchesUnderWay() === 0) go();
    }, ms);
  }
  function onStart() {
    clearTimeout(timer);
  }
  function onInput(event: Event) {
    if (!inSearchForm(event)) return;
    typingUntil = Date.now() + typingPauseMs;
    wait(typingPauseMs);
  }
  // The visitor's search has ended: what it needed has arrived, nothing else is worth waiting for.
  function onSettled() {
    if (searchesUnderWay() === 0) go();
  }

  // A fetch that completes is a sign the page still loads something: wait on.
  const observer =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('resource')
      ? new PerformanceObserver(() => wait(Math.max(quietMs, typingUntil - Date.now())))
      : undefined;
  observer?.observe({ type: 'resource' });
  const deadline = setTimeout(go, maxWaitMs);
  window.addEventListener(SEARCH_STARTED_EVENT, onStart);
  window.addEventListener(SEARCH_SETTLED_EVENT, onSettled);
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  wait();
  return stop;
}
