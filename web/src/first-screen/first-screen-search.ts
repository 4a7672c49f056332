import { RESULTS_SLOT_ATTRIBUTE, SEARCH_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { announceSearch } from '../lib/pwa/search-activity';
import { readDrawnStream, revealPart, swapParts } from './first-screen-stream';

/**
 * A search made on the drawn home page before the app has taken it over (ADR 167): instead of the
 * form's navigation to `?q=` (a blank page while the app starts, then the prices below the fold), the
 * small entry asks the server for the results part drawn as each shop answers, and puts it in place.
 * The address becomes the results address, as the app's would. The result goes into the page as JSON
 * (`SEARCH_SEED_ID`), and the app's home page starts on it instead of searching again. Anything that
 * goes wrong (offline, refused, no renderer) falls back on the plain form: the server-drawn
 * results page, as without JavaScript.
 */
export interface DrawnSearch {
  /** Searches `query` from `form`; a search still under way is dropped. Resolves when it has ended. */
  run(form: HTMLFormElement, query: string): Promise<void>;
  /** Drops a search under way (the app has taken the page over). */
  stop(): void;
}

export function drawnSearch(root: HTMLElement, origin: string = location.origin): DrawnSearch {
  let current: AbortController | null = null;
  return {
    stop: () => current?.abort(),
    async run(form, query) {
      current?.abort();
      const controller = new AbortController();
      current = controller;
      const address = new URL(location.href);
      address.search = new URLSearchParams({ q: query }).toString();
      history.replaceState(history.state, '', address);
      document.getElementById(SEARCH_SEED_ID)?.remove();
      // The hero makes room for the results, as the app's home page does for a query: the app then
      // takes the page over in the same layout, without a jump.
      root.querySelector('.home-hero')?.classList.add('home-hero--compact');
      const url = new URL('/api/first-screen/search/', origin);
      url.search = new URLSearchParams({ q: query, lang: document.documentElement.lang }).toString();
      let ended = false;
      let revealed = false;
      // The service worker's downloads wait for the first search, this one too (ADR 165).
      const settled = announceSearch();
      try {
        const read = await readDrawnStream(
          url,
          (name, data) => {
            if (controller.signal.aborted) return;
            const { parts, result, priced } = data;
            if (typeof parts !== 'string' || (name !== 'parts' && name !== 'done')) return;
            if (!swapParts(root, parts, root.querySelector(`[${RESULTS_SLOT_ATTRIBUTE}]`))) return;
            if (!revealed && (priced === true || name === 'done')) {
              revealed = true;
              revealPart(root, query);
            }
            if (name !== 'done' || !result) return;
            const seed = Object.assign(document.createElement('script'), {
              type: 'application/json',
              id: SEARCH_SEED_ID,
            });
            seed.textContent = JSON.stringify(result);
            document.body.append(seed);
            ended = true;
          },
          controller.signal,
        );
        if (read && ended) return;
      } catch {
        // As below: the page the form asks for says what went wrong.
      } finally {
        settled();
      }
      if (controller.signal.aborted) return;
      // The plain form: its submit() navigates without the submit listeners (this one included).
      form.submit();
    },
  };
}
