import { useCallback, useEffect, useState } from 'react';
import { priceHistoryResponseSchema, type PriceHistoryResponse } from '@pharmaradar/shared/price-history.schema';
import { api, isApiRequestError } from '../../../lib/api/client';
import { loadHistory, saveHistory } from './history-cache';

export type HistoryState =
  | { status: 'loading' }
  | { status: 'ready'; history: PriceHistoryResponse }
  | { status: 'offline'; saved: { history: PriceHistoryResponse; savedAt: number } | null }
  | { status: 'error' };

/**
 * The price history of one CNK. `refreshKey` changes when a live search has finished (it recorded
 * today's prices): the history is fetched again, the shown one staying until the new one arrives.
 */
export function usePriceHistory(cnk: string, refreshKey: string | null): { state: HistoryState; reload: () => void } {
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setState({ status: 'loading' });
  }, [cnk, attempt]);

  useEffect(() => {
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
  }, [cnk, attempt, refreshKey]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
