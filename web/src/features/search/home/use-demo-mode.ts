import { useEffect, useState } from 'react';
import { api } from '../../../lib/api/client';

/**
 * Whether this server compares the bundled demo shops (GET /api/health `demo`): true/false once
 * known, null while asking or when the server cannot say (offline). A search already running says
 * it too (`known`), and then wins: it is the same server's answer, only fresher.
 */
export function useDemoMode(known: boolean | null = null): boolean | null {
  const [fromHealth, setFromHealth] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      // Read by hand, not with retailersModeSchema: this runs on the home page, which loads no zod.
      .get<unknown>('/health/', { signal: controller.signal })
      .then((mode) => {
        const demo = typeof mode === 'object' && mode !== null ? (mode as { demo?: unknown }).demo : undefined;
        if (typeof demo === 'boolean') setFromHealth(demo);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return known ?? fromHealth;
}
