import { z } from 'zod';
import { readStored, writeStored } from '../../lib/web-storage';
import { priceHistoryResponseSchema, type PriceHistoryResponse } from '@pharmaradar/shared/price-history.schema';

/** localStorage key of the last price histories seen, shown with their time when offline. */
export const HISTORY_CACHE_KEY = 'pe_price_history';
/** Histories kept on the device, most recently saved first. */
export const HISTORY_CACHE_ENTRIES = 20;

const entrySchema = z.object({ history: priceHistoryResponseSchema, savedAt: z.number() });
const cacheSchema = z.array(entrySchema);
export type SavedHistory = z.infer<typeof entrySchema>;

function readAll(): SavedHistory[] {
  try {
    const parsed = cacheSchema.safeParse(JSON.parse(readStored(HISTORY_CACHE_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function saveHistory(history: PriceHistoryResponse, now = Date.now()): void {
  const entries = [{ history, savedAt: now }, ...readAll().filter((e) => e.history.cnk !== history.cnk)];
  // Storage full or disabled: the history still shows, it just is not kept for offline use.
  writeStored(HISTORY_CACHE_KEY, JSON.stringify(entries.slice(0, HISTORY_CACHE_ENTRIES)));
}

export function loadHistory(cnk: string): SavedHistory | null {
  return readAll().find((e) => e.history.cnk === cnk) ?? null;
}
