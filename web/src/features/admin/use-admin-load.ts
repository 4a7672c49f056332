import { useCallback, useEffect, useState } from 'react';

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** Loads `fetcher` now and again whenever `reload` is called or `key` changes (loading, error, ready). */
export function useAdminLoad<T>(fetcher: () => Promise<T>, key: unknown = null) {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const reload = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', data: await fetcher() });
    } catch {
      setLoad({ state: 'failed' });
    }
  }, [fetcher]);
  useEffect(() => {
    void reload();
  }, [reload, key]);
  return { load, reload, setLoad };
}
