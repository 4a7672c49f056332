import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { SearchProduct, SearchResult } from '@pharmaradar/shared/search.schema';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { useLocale } from '../../lib/i18n';
import { runSearch } from './run-search';
import { searchKey } from './search-key';
import { initialSearchState, searchReducer, type SearchState } from './search-state';

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

export function SearchProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const controller = useRef<AbortController | null>(null);
  const localeRef = useRef(locale);
  const lastQuery = useRef('');

  useEffect(() => {
    localeRef.current = locale;
  }, [locale]);
  useEffect(() => () => controller.current?.abort(), []);

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
    void runSearch(query, searchKey(query), localeRef.current, next.signal, dispatch);
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
