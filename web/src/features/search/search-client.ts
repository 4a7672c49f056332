import type { Locale } from '@pharmaradar/shared/locales';
import {
  parseSearchEvent,
  searchResultSchema,
  type SearchEvent,
  type SearchResult,
} from '@pharmaradar/shared/search.schema';
import { API_TIMEOUT_MS, isApiRequestError, openStream } from '../../lib/api/client';

/** Same ceiling as every other API call (docs/architecture.md#client-rules); retailers time out server-side long before. */
export const SEARCH_TIMEOUT_MS = API_TIMEOUT_MS;

/**
 * code: 'network' (no connection), 'timeout', 'aborted', 'incomplete' (stream ended without a result),
 * 'bad_response', or the API error code (e.g. 'empty_query', 'rate_limited').
 */
export class SearchFailure extends Error {
  constructor(
    readonly code: string,
    readonly status: number | null = null,
    readonly detail: string | null = null,
  ) {
    super(detail ?? code);
    this.name = 'SearchFailure';
  }
}

export interface StreamSearchOptions {
  query: string;
  locale: Locale;
  signal?: AbortSignal;
  onEvent?: (event: SearchEvent) => void;
  /** Origin of the API for this search only (tests); defaults to the API client's (setApiOrigin). */
  baseUrl?: string;
  timeoutMs?: number;
}

export function searchPath(query: string, locale: Locale): string {
  const params = new URLSearchParams({ q: query, lang: locale });
  return `/search?${params.toString()}`;
}

/** The API client's failures in the search's words (HTTP answers keep their API code and detail). */
function toSearchFailure(error: unknown, status: number | null = null): SearchFailure {
  if (error instanceof SearchFailure) return error;
  if (!isApiRequestError(error)) return new SearchFailure('network', status);
  if (error.status === 0) {
    const code = error.code === 'timeout' || error.code === 'aborted' ? error.code : 'network';
    return new SearchFailure(code, status);
  }
  // Not an API error body (a proxy's error page): the status alone is all we know.
  if (error.code === `http_${error.status}`) return new SearchFailure('http_error', error.status);
  return new SearchFailure(error.code, error.status, error.detail);
}

/**
 * Runs one search over SSE (fetch streaming through the API client: jsdom and older browsers lack a
 * usable EventSource with headers) and resolves with the final result. Every event is validated with
 * the shared schemas.
 */
export async function streamSearch(options: StreamSearchOptions): Promise<SearchResult> {
  const { query, locale, onEvent, baseUrl, timeoutMs = SEARCH_TIMEOUT_MS } = options;
  let stream;
  try {
    stream = await openStream(searchPath(query, locale), {
      headers: { 'Accept-Language': locale },
      timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(baseUrl !== undefined ? { origin: baseUrl.replace(/\/$/, '') } : {}),
    });
  } catch (error) {
    throw toSearchFailure(error);
  }

  const { response } = stream;
  const type = response.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const parsed = searchResultSchema.safeParse(await stream.json());
      if (!parsed.success) throw new SearchFailure('bad_response', response.status);
      onEvent?.({ event: 'result', data: parsed.data });
      return parsed.data;
    }
    if (!type.includes('text/event-stream') || !response.body) {
      throw new SearchFailure('bad_response', response.status);
    }
    for await (const message of stream.events()) {
      const event = parseSearchEvent(message.event, message.data);
      if (!event) continue; // keep-alives, unknown events or malformed data: never fatal
      if (event.event === 'error') throw new SearchFailure(event.data.code, response.status, event.data.detail);
      onEvent?.(event);
      if (event.event === 'result') return event.data;
    }
  } catch (error) {
    throw toSearchFailure(error);
  }
  throw new SearchFailure('incomplete', response.status);
}
