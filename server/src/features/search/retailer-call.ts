import type { RetailerErrorCode, RetailerStatus } from '@pharmaradar/shared/search.schema';
import { RetailerError, type RetailerConnector, type RetailerOffer, type SearchQuery } from '../../retailers/types';

/** What one retailer answered to one query, as the search service uses and caches it. */
export type RetailerAnswer = {
  retailer: string;
  status: RetailerStatus;
  /** Time the upstream call took (the original time when served from cache). */
  ms: number;
  /**
   * Every offer the shop showed, those it flags prescription-only included: what a search may show is
   * decided when each answer is built, after the cache, by the official catalogue (ADR 157).
   */
  offers: RetailerOffer[];
  error?: RetailerErrorCode;
  /**
   * Why a failed call failed (the connector's message, e.g. "robots.txt of host disallows /path"), for
   * the staff admin and its alarm only: never sent to consumers, never cached.
   */
  reason?: string;
  cached: boolean;
  /** Epoch ms when the retailer was asked. */
  fetchedAt: number;
};

/** The answer's status once the offers a search may not show are gone: no offer left is 'empty'. */
export function shownStatus(answer: Pick<RetailerAnswer, 'status'>, shownOffers: number): RetailerStatus {
  return answer.status === 'ok' && shownOffers === 0 ? 'empty' : answer.status;
}

/** A reason is a line in the admin and a mail, not a page. */
export const REASON_MAX_CHARS = 300;

const FAILURE_STATUS: Record<RetailerErrorCode, RetailerStatus> = {
  error: 'error',
  parse_failed: 'error',
  timeout: 'timeout',
  blocked: 'blocked',
};

export type RetailerCallOptions = {
  timeoutMs: number;
  now: () => number;
  /** Called with unexpected (non-RetailerError) failures, which point at a bug in a connector. */
  onUnexpectedError?: (retailer: string, error: unknown) => void;
};

/**
 * Asks one retailer with a hard timeout. Never rejects: every failure becomes a status, so one
 * failing retailer never fails a search. The timeout is enforced here even if a connector ignores
 * its abort signal.
 */
export async function callRetailer(
  connector: RetailerConnector,
  query: SearchQuery,
  options: RetailerCallOptions,
): Promise<RetailerAnswer> {
  const fetchedAt = options.now();
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new RetailerError('timeout', `${connector.id} did not answer within ${options.timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, options.timeoutMs);
  });
  const base = { retailer: connector.id, cached: false, fetchedAt };
  try {
    const offers = await Promise.race([connector.search(query, controller.signal), timeout]);
    const ms = Math.round(performance.now() - started);
    const dataTime = connector.fetchedAt?.() ?? null;
    return {
      ...base,
      ...(dataTime !== null ? { fetchedAt: dataTime } : {}),
      status: offers.length > 0 ? 'ok' : 'empty',
      ms,
      offers,
    };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    const code: RetailerErrorCode =
      error instanceof RetailerError ? error.kind : controller.signal.aborted ? 'timeout' : 'error';
    if (!(error instanceof RetailerError) && !controller.signal.aborted)
      options.onUnexpectedError?.(connector.id, error);
    // A connector that gave up on the abort throws its own error: the timeout's message says more.
    const cause: unknown =
      error instanceof RetailerError || !controller.signal.aborted ? error : controller.signal.reason;
    const reason = (cause instanceof Error ? cause.message : String(cause)).slice(0, REASON_MAX_CHARS);
    return { ...base, status: FAILURE_STATUS[code], ms, offers: [], error: code, reason };
  } finally {
    clearTimeout(timer);
    // Stops any fetch the connector still has running once the answer is settled.
    if (!controller.signal.aborted) controller.abort();
  }
}
