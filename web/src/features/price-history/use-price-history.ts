import { useCallback, useEffect, useRef, useState } from 'react';
import { priceHistoryResponseSchema, type PriceHistoryResponse } from '@pharmaradar/shared/price-history.schema';
import { api, isApiRequestError } from '../../lib/api/client';
import { loadHistory, saveHistory } from './history-cache';

export type HistoryState =
  | { status: 'loading' }
  | { status: 'ready'; history: PriceHistoryResponse }
  | { status: 'offline'; saved: { history: PriceHistoryResponse; savedAt: number } | null }
  | { status: 'error' };

/**
 * The price history of one CNK. `refreshKey` changes when a live search has finished (it recorded
 * today's prices): the history is fetched again, the shown one staying until the new one arrives.
 * `initial`: the history the page was drawn with (ADR 121), shown at once and not fetched again.
 */
export function usePriceHistory(
  cnk: string,
  refreshKey: string | null,
  initial: PriceHistoryResponse | null = null,
): { state: HistoryState; reload: () => void } {
  const [given] = useState(() => (initial?.cnk === cnk ? initial : null));
  const [state, setState] = useState<HistoryState>(() =>
    given ? { status: 'ready', history: given } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  // The first fetch is the one the page was drawn without; a drawn history is kept offline instead.
  const skipFirst = useRef(given !== null);

  useEffect(() => {
    if (skipFirst.current) return;
    setState({ status: 'loading' });
  }, [cnk, attempt]);

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      saveHistory(given!);
      return;
    }
    const controller = new AbortController();
    api
      .get(`/products/${encodeURIComponent(cnk)}/history/`, {
        signal: controller.signal,
        schema: priceHistoryResponseSchema,
      })
      .then((history) => {
        saveHistory(history);
        setState({ status: 'ready', history });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiRequestError(error) && (error.code === 'network' || error.code === 'timeout')) {
          setState((previous) =>
            previous.status === 'ready' ? previous : { status: 'offline', saved: loadHistory(cnk) },
          );
          return;
        }
        setState((previous) => (previous.status === 'ready' ? previous : { status: 'error' }));
      });
    return () => controller.abort();
  }, [cnk, attempt, refreshKey, given]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
