import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { SearchEvent, SearchProduct, SearchResult } from '@pharmaradar/shared/search.schema';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { useLocale } from '../../lib/i18n/use-locale';
import type * as RunSearchModuleNs from './run-search';
import { searchKey } from './search-key';
import { initialSearchState, searchReducer, type SearchError, type SearchState } from './search-state';

export interface SearchContextValue extends SearchState {
  /** The CNK in focus: the searched one, or the only product's. */
  cnk: string | null;
  /** The product matching `cnk` among the results. */
  localProduct: SearchProduct | null;
  /** The final result (live or saved), null while streaming. */
  results: SearchResult | null;
  search: (query: string) => void;
  retry: () => void;
  reset: () => void;
}

const SearchContext = createContext<SearchContextValue | null>(null);
type RunSearchModule = typeof RunSearchModuleNs;

/**
 * The search machinery (stream client, SSE parser, IndexedDB saves with Dexie) is not needed to draw
 * the first screen: it loads on the first search, or at the first touch, key or focus (ADR 118).
 */
let machinery: Promise<RunSearchModule> | null = null;
export function loadSearchMachinery(): Promise<RunSearchModule> {
  machinery ??= import('./run-search').catch((error: unknown) => {
    machinery = null; // a failed chunk load (offline, new deploy) is tried again on the next search
    throw error;
  });
  return machinery;
}

/**
 * Where a page's search starts (ADR 121): a result the page was drawn with, as if it had just been
 * searched, or a search of `started` under way (drawn as such, it goes on once the page runs), after
 * the `events` the server has had so far (a page drawn as each shop answers, ADR 167).
 */
export type SearchStart =
  | { ended: SearchResult }
  | {
      started: string;
      events?: SearchEvent[];
      /** It ended with this error, or was refused (a search address the server drew, ADR 180). */
      failed?: SearchError;
    };

function stateAt(start: SearchStart | null): SearchState {
  if (!start) return initialSearchState;
  if ('started' in start) {
    const started = searchReducer(initialSearchState, {
      type: 'start',
      query: start.started,
      kind: searchKey(start.started).kind,
    });
    const after = (start.events ?? []).reduce(
      (state, event) => searchReducer(state, { type: 'event', event }),
      started,
    );
    return start.failed ? searchReducer(after, { type: 'failed', error: start.failed }) : after;
  }
  const { ended } = start;
  const started = searchReducer(initialSearchState, { type: 'start', query: ended.query, kind: ended.kind });
  return searchReducer(started, { type: 'event', event: { event: 'result', data: ended } });
}

/** `initial`: where the search starts; an ended one is kept for offline use, as a searched one is. */
export function SearchProvider({ children, initial = null }: { children: ReactNode; initial?: SearchStart | null }) {
  const locale = useLocale();
  const [state, dispatch] = useReducer(searchReducer, initial, stateAt);
  const controller = useRef<AbortController | null>(null);
  const localeRef = useRef(locale);
  const lastQuery = useRef('');

  useEffect(() => {
    localeRef.current = locale;
  }, [locale]);
  useEffect(() => () => controller.current?.abort(), []);
  const initialRef = useRef(initial);
  useEffect(() => {
    // A result the page started with is kept offline as one searched here would be.
    const start = initialRef.current;
    if (!start || !('ended' in start)) return;
    initialRef.current = null;
    const result = start.ended;
    lastQuery.current = result.query;
    void loadSearchMachinery()
      .then(({ keepSearchResult }) =>
        keepSearchResult(result.query, searchKey(result.query), result, localeRef.current),
      )
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    // Fetched at the first sign of use (a touch, a key, a focus), so the first search does not wait
    // for it and a visit that only reads the page never runs it (blocking time on a phone, ADR 118).
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const load = () => {
      for (const type of events) window.removeEventListener(type, load, true);
      void loadSearchMachinery().catch(() => undefined);
    };
    for (const type of events) window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, load, true);
    };
  }, []);

  const search = useCallback((raw: string) => {
    controller.current?.abort();
    const query = raw.trim();
    lastQuery.current = query;
    if (!query) {
      dispatch({ type: 'reset' });
      return;
    }
    const next = new AbortController();
    controller.current = next;
    const key = searchKey(query);
    // The search shows as started at once, as before the machinery became a lazy chunk (runSearch
    // starts it again: 'start' is idempotent).
    dispatch({ type: 'start', query, kind: key.kind });
    loadSearchMachinery().then(
      ({ runSearch }) => {
        // A newer search (or a reset) started while the chunk loaded: this one is already over.
        if (!next.signal.aborted) void runSearch(query, key, localeRef.current, next.signal, dispatch);
      },
      () => {
        // The chunk did not load (offline before the app was cached): the offline notice offers a retry.
        if (next.signal.aborted) return;
        dispatch({ type: 'offline', reason: navigator.onLine === false ? 'offline' : 'unreachable', saved: null });
      },
    );
  }, []);
  const retry = useCallback(() => search(lastQuery.current), [search]);
  const reset = useCallback(() => search(''), [search]);

  const value = useMemo<SearchContextValue>(() => {
    const cnk =
      state.kind === 'cnk'
        ? normaliseCnk(state.query)
        : state.products.length === 1
          ? (state.products[0]?.cnk ?? null)
          : null;
    const localProduct =
      (cnk ? state.products.find((p) => p.cnk === cnk) : undefined) ??
      (state.products.length === 1 ? state.products[0]! : null);
    return { ...state, cnk, localProduct, results: state.result, search, retry, reset };
  }, [state, search, retry, reset]);

  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export function useSearch(): SearchContextValue {
  const value = useContext(SearchContext);
  if (!value) throw new Error('useSearch() must be used inside <SearchProvider>.');
  return value;
}
