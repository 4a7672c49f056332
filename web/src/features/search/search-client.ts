import { apiErrorSchema, type Locale } from '@pharmaradar/shared';
import {
  parseSearchEvent,
  searchResultSchema,
  type SearchEvent,
  type SearchResult,
} from '@pharmaradar/shared/search.schema';
import { readSseStream } from './sse-parser';

/** Same ceiling as every other API call (SPEC §7); retailers time out server-side long before. */
export const SEARCH_TIMEOUT_MS = 30_000;

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
  /** Origin of the API; defaults to the one set by setSearchOrigin ('' = same origin). */
  baseUrl?: string;
  timeoutMs?: number;
}

let searchOrigin = '';

/** Tests point the search stream at a loopback server (like setApiOrigin for the API client). */
export function setSearchOrigin(origin: string): void {
  searchOrigin = origin.replace(/\/$/, '');
}

export function searchUrl(baseUrl: string, query: string, locale: Locale): string {
  const params = new URLSearchParams({ q: query, lang: locale });
  return `${baseUrl}/api/search?${params.toString()}`;
}

/**
 * Runs one search over SSE (fetch streaming: jsdom and older browsers lack a usable EventSource with
 * headers) and resolves with the final result. Every event is validated with the shared schemas.
 */
export async function streamSearch(options: StreamSearchOptions): Promise<SearchResult> {
  const { query, locale, onEvent, baseUrl = searchOrigin, timeoutMs = SEARCH_TIMEOUT_MS } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const failure = (error: unknown): SearchFailure => {
    if (error instanceof SearchFailure) return error;
    if (options.signal?.aborted) return new SearchFailure('aborted');
    if (timeout.aborted) return new SearchFailure('timeout');
    return new SearchFailure('network');
  };

  let response: Response;
  try {
    response = await fetch(searchUrl(baseUrl, query, locale), {
      headers: {
        Accept: 'text/event-stream',
        'Accept-Language': locale,
        'X-Requested-With': 'XMLHttpRequest',
      },
      credentials: 'include',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    throw failure(error);
  }

  if (!response.ok) throw await httpFailure(response);
  const type = response.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const parsed = searchResultSchema.safeParse(await response.json());
      if (!parsed.success) throw new SearchFailure('bad_response', response.status);
      onEvent?.({ event: 'result', data: parsed.data });
      return parsed.data;
    }
    if (!type.includes('text/event-stream') || !response.body) {
      throw new SearchFailure('bad_response', response.status);
    }
    for await (const message of readSseStream(response.body)) {
      const event = parseSearchEvent(message.event, message.data);
      if (!event) continue; // keep-alives, unknown events or malformed data: never fatal
      if (event.event === 'error') throw new SearchFailure(event.data.code, response.status, event.data.detail);
      onEvent?.(event);
      if (event.event === 'result') return event.data;
    }
  } catch (error) {
    throw failure(error);
  }
  throw new SearchFailure('incomplete', response.status);
}

async function httpFailure(response: Response): Promise<SearchFailure> {
  try {
    const parsed = apiErrorSchema.safeParse(await response.json());
    if (parsed.success) return new SearchFailure(parsed.data.code, response.status, parsed.data.detail);
  } catch {
    // not JSON (a proxy error page): the status alone is all we know
  }
  return new SearchFailure('http_error', response.status);
}
