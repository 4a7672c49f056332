import type { ProDoneEvent, ProProductEvent } from '@pharmaradar/shared/pro.schema';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { HttpError } from '../../lib/http-error';
import type { Logger } from '../../lib/log';
import { createConcurrencyLimit } from './concurrency-limit';
import { quotaExceededMessages } from './pro.messages';
import type { ProRepository } from './pro.repository';
import { brusselsMonth, renewalDay } from './pro-quota';

/** What the batch needs of the price search (app.ts wires the search service): its fan-out, cache and coalescing. */
export interface PriceSearch {
  search(query: string): Promise<SearchResult>;
}

/** DESIGN §12: Pro 2,000 CNKs a month unless the account carries its own allowance (users.search_quota). */
export const DEFAULT_PRO_MONTHLY_QUOTA = 2000;
/**
 * CNK searches the batch endpoint runs at once, all Pro users together: each fans out to every
 * retailer, so no retailer ever sees more than this many concurrent requests from Pro batches.
 */
export const PRO_BATCH_CONCURRENCY = 4;

export type ProPricesDeps = {
  search: PriceSearch;
  repository: ProRepository;
  now: () => number;
  log: Logger;
  concurrency?: number;
};

const FAILED = new Set(['error', 'timeout', 'blocked']);

export function toProductEvent(cnk: string, result: SearchResult): ProProductEvent {
  const product = result.products.find((p) => p.cnk === cnk) ?? null;
  const allFailed = result.retailers.length > 0 && result.retailers.every((r) => FAILED.has(r.status));
  return {
    cnk,
    status: product ? 'found' : allFailed ? 'error' : 'not_found',
    product,
    retailers: result.retailers,
    fetchedAt: result.fetchedAt,
    cached: result.cached,
  };
}

export function createProPricesService(deps: ProPricesDeps) {
  const limit = createConcurrencyLimit(deps.concurrency ?? PRO_BATCH_CONCURRENCY);
  const log = deps.log.child({ feature: 'pro' });

  function allowance(user: { id: number; search_quota: number | null }) {
    const month = brusselsMonth(deps.now());
    const quota = user.search_quota ?? DEFAULT_PRO_MONTHLY_QUOTA;
    return { month, quota, used: deps.repository.usage(user.id, month), resetsOn: renewalDay(month) };
  }

  /** 429 `quota_exceeded` when the request does not fit in what is left of this month's allowance. */
  function checkAllowance(user: { id: number; search_quota: number | null }, count: number) {
    const state = allowance(user);
    if (state.used + count > state.quota)
      throw new HttpError(429, 'quota_exceeded', quotaExceededMessages(state.resetsOn));
    return state;
  }

  /**
   * Prices each CNK (politeness-capped), calling `onProduct` as each answer arrives and counting it
   * against the allowance then. Stops starting new CNKs once `signal` aborts (the client stopped).
   */
  async function priceAll(
    user: { id: number; search_quota: number | null },
    cnks: readonly string[],
    onProduct: (event: ProProductEvent) => void,
    signal?: AbortSignal,
  ): Promise<ProDoneEvent> {
    let count = 0;
    await Promise.all(
      cnks.map((cnk) =>
        limit(async () => {
          if (signal?.aborted) return;
          let event: ProProductEvent;
          try {
            event = toProductEvent(cnk, await deps.search.search(cnk));
          } catch (error) {
            log.error('pro batch search failed', { error });
            event = {
              cnk,
              status: 'error',
              product: null,
              retailers: [],
              fetchedAt: new Date(deps.now()).toISOString(),
              cached: false,
            };
          }
          deps.repository.addUsage(user.id, brusselsMonth(deps.now()), 1);
          count += 1;
          onProduct(event);
        }),
      ),
    );
    const state = allowance(user);
    return { count, quota: state.quota, used: state.used, resetsOn: state.resetsOn };
  }

  return { checkAllowance, priceAll, allowance };
}
export type ProPricesService = ReturnType<typeof createProPricesService>;
