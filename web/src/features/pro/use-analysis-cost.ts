import { useEffect, useState } from 'react';
import type { ProCost } from '@pharmaradar/shared/pro.schema';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import { fetchProCost } from './pro-cost.client';

// Typing a CNK asks once the typing stops, not at each key.
const ASK_AFTER_MS = 250;

/**
 * What pricing `cnks` would cost now, asked of the server while online and not `paused` (a run in
 * progress): asked again when the CNKs change and after each run, so it follows the allowance. Null
 * while unknown (offline, not answered yet, or the question failed: the server still decides).
 */
export function useAnalysisCost(cnks: readonly string[], paused: boolean): ProCost | null {
  const online = useOnlineStatus();
  const key = cnks.join(',');
  const [answer, setAnswer] = useState<{ key: string; cost: ProCost } | null>(null);
  useEffect(() => {
    if (!online || paused || key === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchProCost(key.split(','), controller.signal).then(
        (cost) => setAnswer({ key, cost }),
        () => undefined,
      );
    }, ASK_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, online, paused]);
  return online && !paused && answer?.key === key ? answer.cost : null;
}
