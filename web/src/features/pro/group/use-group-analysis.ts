import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProDoneEvent, ProProductEvent } from '@pharmaradar/shared/pro.schema';
import { isApiRequestError } from '../../../lib/api/client';
import { offerRecord, proStore, type ProOfferRecord } from '../data/pro-store';
import { streamProPrices } from '../pro-prices.client';

export type Progress = { done: number; total: number; startedAt: number; now: number };
/** How a live run ended: finished (not stopped, not failed) or not. */
export type PriceRun = { completed: boolean };
export type AnalysisFailure = { kind: 'quota'; detail: string } | { kind: 'failed' };

// Answers arrive one CNK at a time: re-rendering a large table for each would block the main thread
// (docs/architecture.md#offline-first-and-sync, 50 ms), so they are applied in batches.
const FLUSH_EVERY_MS = 250;

/**
 * A group's analysis: what the device has stored first (so it works offline), then live prices for
 * the CNKs asked, streamed and stored as they come. Stoppable; a stopped run keeps what it priced.
 */
export function useGroupAnalysis(onDone: (done: ProDoneEvent) => void) {
  const [offers, setOffers] = useState<Map<string, ProOfferRecord>>(new Map());
  const [loaded, setLoaded] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState<AnalysisFailure | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  /** Shows the stored offers of `cnks` (no network); the group's lines give the rest. */
  const load = useCallback(async (cnks: readonly string[]) => {
    const stored = await proStore.storedOffers(cnks);
    setOffers(stored);
    setLoaded(true);
  }, []);

  /**
   * Prices `cnks` (from the server's market store where fresh, from the shops with `live`); the rows
   * of the others stay as stored. Resolves to whether the run finished (not stopped, not failed), or
   * null when it did not start.
   */
  const price = useCallback(
    async (cnks: readonly string[], live = false): Promise<PriceRun | null> => {
      if (cnks.length === 0 || controller.current) return null;
      let completed = false;
      const run = new AbortController();
      controller.current = run;
      setFailure(null);
      const startedAt = Date.now();
      let done = 0;
      let pending: ProOfferRecord[] = [];
      // A row shows its live price only once that price is stored: the run ends, and the person may
      // reload offline, with every row it priced on the device for the offline analysis. The writes
      // are chained so batches land in order; a batch IndexedDB refuses still shows its prices.
      let stored = Promise.resolve();
      const flush = (): Promise<void> => {
        if (pending.length === 0) return stored;
        const batch = pending;
        const counted = { done, total: cnks.length, startedAt, now: Date.now() };
        pending = [];
        stored = stored
          .then(() => proStore.storeOffers(batch))
          .catch(() => undefined)
          .then(() => {
            setOffers((current) => {
              const next = new Map(current);
              for (const r of batch) next.set(r.cnk, r);
              return next;
            });
            setProgress(counted);
          });
        return stored;
      };
      const timer = setInterval(() => void flush(), FLUSH_EVERY_MS);
      setProgress({ done: 0, total: cnks.length, startedAt, now: startedAt });
      try {
        const last = await streamProPrices(
          cnks,
          (event: ProProductEvent) => {
            pending.push(offerRecord(event));
            done += 1;
          },
          run.signal,
          live,
        );
        if (last) onDone(last);
        completed = last !== null && !run.signal.aborted;
      } catch (error) {
        if (!run.signal.aborted)
          setFailure(
            isApiRequestError(error) && error.code === 'quota_exceeded'
              ? { kind: 'quota', detail: error.detail }
              : { kind: 'failed' },
          );
      } finally {
        clearInterval(timer);
        await flush();
        controller.current = null;
        setProgress(null);
      }
      return { completed };
    },
    [onDone],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    setOffers(new Map());
    setLoaded(false);
    setFailure(null);
  }, []);

  return { offers, loaded, progress, failure, load, price, stop, reset };
}
