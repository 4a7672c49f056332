import { useCallback, useEffect, useState } from 'react';
import { equivalentsResponseSchema, type EquivalentsResponse } from '@pharmaradar/shared/equivalents.schema';
import type { Locale } from '@pharmaradar/shared/locales';
import { api, isApiRequestError } from '../../lib/api/client';

export type EquivalentsState =
  /** Not asked yet: the page as the server draws it, before the app runs (nothing is shown). */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; answer: EquivalentsResponse }
  /** No official group, no other pack, or a code the catalogue does not know (404): nothing to show. */
  | { status: 'none' }
  | { status: 'offline' }
  | { status: 'error' };

/** The other packs of the same medicine (GET /api/products/:cnk/equivalents/), named in `locale`. */
export function useEquivalents(cnk: string, locale: Locale): { state: EquivalentsState; reload: () => void } {
  // Idle, not loading, in the first render: a server-drawn page (ADR 119) waits for the app to start,
  // and a loading line drawn there would spin until the visitor's first touch.
  const [state, setState] = useState<EquivalentsState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .get(`/products/${encodeURIComponent(cnk)}/equivalents/?lang=${locale}`, {
        signal: controller.signal,
        schema: equivalentsResponseSchema,
      })
      .then((answer) => setState(answer.equivalents.length > 0 ? { status: 'ready', answer } : { status: 'none' }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiRequestError(error) && error.status === 404) return setState({ status: 'none' });
        if (isApiRequestError(error) && (error.code === 'network' || error.code === 'timeout'))
          return setState({ status: 'offline' });
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [cnk, locale, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
