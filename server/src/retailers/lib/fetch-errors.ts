import { RetailerError } from '../types';

/** Why a request was aborted: our own hard timeout, a caller's timeout, or the caller giving up. */
export function abortFailure(callerSignal: AbortSignal, timeoutSignal: AbortSignal, timeoutMs: number): RetailerError {
  if (timeoutSignal.aborted) return new RetailerError('timeout', `no answer within ${timeoutMs} ms`);
  const reason: unknown = callerSignal.reason;
  if (reason instanceof Error && reason.name === 'TimeoutError') return new RetailerError('timeout', 'caller timeout');
  if (reason instanceof RetailerError) return reason;
  return new RetailerError('error', 'request aborted by caller');
}

/** Retry-After in ms from either delta-seconds or an HTTP date; null when absent or unusable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}
