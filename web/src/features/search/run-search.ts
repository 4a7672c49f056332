import type { Dispatch } from 'react';
import type { Locale } from '@pharmaradar/shared/locales';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { loadSearchResult, saveSearchResult } from '../../db/search-cache';
import { announceSearch } from '../../lib/pwa/search-activity';
import { SearchFailure, streamSearch } from './search-client';
import type { SearchKey } from './search-key';
import type { SearchAction } from './search-state';

/**
 * A result worth keeping offline: at least one product found. A "no results" answer is not saved: it would
 * clutter the saved searches with nothing to show.
 */
export function isWorthSaving(result: SearchResult): boolean {
  return result.products.length > 0;
}

/** A CNK search is listed under its product's name: "2322162" alone tells the user nothing. */
export function savedTitle({ key, kind }: SearchKey, result: SearchResult): string | undefined {
  if (kind !== 'cnk') return undefined;
  const cnk = key.slice(key.indexOf(':') + 1);
  const product =
    result.products.find((p) => p.cnk === cnk) ?? (result.products.length === 1 ? result.products[0] : undefined);
  return product?.name || undefined;
}

/**
 * Saves a result worth keeping for offline use, under the language it was searched in; IndexedDB may be
 * unavailable (private mode, quota).
 */
export async function keepSearchResult(
  query: string,
  searchKey: SearchKey,
  result: SearchResult,
  lang: Locale,
): Promise<void> {
  if (!isWorthSaving(result)) return;
  const { key, kind } = searchKey;
  const title = savedTitle(searchKey, result);
  await saveSearchResult({ query: key, lang, kind, label: query, title, result }).catch(() => undefined);
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * One search from start to end: stream (or, offline, the saved copy), save the final result, and
 * report every step through dispatch. Nothing is dispatched once `signal` is aborted.
 */
export async function runSearch(
  query: string,
  searchKey: SearchKey,
  locale: Locale,
  signal: AbortSignal,
  dispatch: Dispatch<SearchAction>,
): Promise<void> {
  const { key, kind } = searchKey;
  const live = () => !signal.aborted;
  const fallBack = async (reason: 'offline' | 'unreachable') => {
    const saved = await loadSearchResult(key, locale).catch(() => null);
    if (live()) dispatch({ type: 'offline', reason, saved });
  };

  dispatch({ type: 'start', query, kind });
  if (isOffline()) return fallBack('offline');
  // The service worker's first downloads wait for this (ADR 165).
  const settled = announceSearch();
  try {
    const result = await streamSearch({
      query,
      locale,
      signal,
      onEvent: (event) => {
        if (live()) dispatch({ type: 'event', event });
      },
    });
    await keepSearchResult(query, searchKey, result, locale);
  } catch (error) {
    if (!live()) return;
    const failure = error instanceof SearchFailure ? error : new SearchFailure('network');
    if (failure.code === 'network' || failure.code === 'timeout')
      return fallBack(isOffline() ? 'offline' : 'unreachable');
    dispatch({ type: 'failed', error: { code: failure.code, detail: failure.detail } });
  } finally {
    settled();
  }
}
