import type { IntlShape } from 'react-intl';
import { isApiRequestError } from '../../lib/api/client';
import { authMessageId } from './auth.validation';

export function isOffline(error: unknown): boolean {
  return isApiRequestError(error) && (error.code === 'network' || error.code === 'timeout');
}

export function isRateLimited(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 429;
}

/**
 * The text to show for a failed call: connection problems and rate limits get their own message
 * (the server's translated detail says how long to wait), anything else the screen's message.
 */
export function errorText(intl: IntlShape, error: unknown, fallbackId: string): string {
  if (isOffline(error)) return intl.formatMessage({ id: 'auth.errors.network' });
  if (isApiRequestError(error) && error.status === 429) {
    return error.detail || intl.formatMessage({ id: 'auth.errors.rateLimited' });
  }
  return intl.formatMessage({ id: fallbackId });
}

/** Per-field server messages: known issue keys in our words, other texts (already translated) as sent. */
export function fieldErrors(intl: IntlShape, error: unknown): Record<string, string> {
  if (!isApiRequestError(error) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fields)) {
    const id = authMessageId(message);
    out[field] = id ? intl.formatMessage({ id }) : message;
  }
  return out;
}

/** Seconds the server asks to wait (429 answers), when it says so. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiRequestError(error) || error.status !== 429) return null;
  const value = error.retryAfter;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}
