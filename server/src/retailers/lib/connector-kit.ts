import { RetailerError, type RetailerConnector, type RetailerOffer, type SearchQuery } from '../types';
import { retailerQueryText } from './query-text';

/**
 * Runs one connector search under a hard deadline shared by all its requests (Medi-Market may fetch
 * two shops). The fetcher maps the deadline's TimeoutError reason to RetailerError('timeout').
 */
export async function withDeadline<T>(
  signal: AbortSignal,
  timeoutMs: number,
  run: (s: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const combined = AbortSignal.any([signal, deadline]);
  try {
    return await run(combined);
  } catch (err) {
    if (err instanceof RetailerError) throw err;
    if (deadline.aborted) throw new RetailerError('timeout', `no answer within ${timeoutMs} ms`);
    throw new RetailerError('error', err instanceof Error ? err.message : 'unexpected failure');
  }
}

/**
 * A shop read from its search pages: each search runs under the deadline (withDeadline), and a query
 * with nothing left to send once cleaned finds nothing without a request.
 */
export function pageConnector(
  ctx: { label: string; baseUrl: string; timeoutMs: number },
  shop: Pick<RetailerConnector, 'id' | 'languages' | 'searchesByEan'>,
  run: (query: SearchQuery, signal: AbortSignal) => Promise<RetailerOffer[]>,
): RetailerConnector {
  return {
    ...shop,
    label: ctx.label,
    baseUrl: ctx.baseUrl,
    search: (query, signal) =>
      withDeadline(signal, ctx.timeoutMs, async (s) => (retailerQueryText(query.value) ? run(query, s) : [])),
  };
}

/** A parser that trips over unexpected markup reports parse_failed, never a crash. */
export function parseSafely(retailer: string, parse: () => RetailerOffer[]): RetailerOffer[] {
  try {
    return parse();
  } catch (err) {
    if (err instanceof RetailerError) throw err;
    throw new RetailerError('parse_failed', `${retailer}: ${err instanceof Error ? err.message : 'unreadable page'}`);
  }
}

export function parseFailed(retailer: string, why: string): RetailerError {
  return new RetailerError('parse_failed', `${retailer}: ${why}`);
}

/**
 * Parses a fetched page. A 404/410 only counts as an answer when it is a recognisable "no results"
 * page; otherwise it is reported as an HTTP error rather than as changed markup.
 */
export function parsePage(retailer: string, status: number, parse: () => RetailerOffer[]): RetailerOffer[] {
  try {
    return parseSafely(retailer, parse);
  } catch (err) {
    if (status >= 400 && err instanceof RetailerError && err.kind === 'parse_failed') {
      throw new RetailerError('error', `HTTP ${status} from ${retailer}`);
    }
    throw err;
  }
}
