import { open, type RequestOptions } from './api-exchange';
import { currentCsrf } from './api-csrf';
import { readSseStream, type SseMessage } from './sse-parser';

interface StreamOptions extends Omit<RequestOptions<unknown>, 'schema' | 'read'> {
  /** Another origin for this call only (tests); defaults to the one set by setApiOrigin. */
  origin?: string;
  /** POST with a JSON body (the Pro batch endpoint streams its answer too); CSRF is sent then. */
  method?: 'GET' | 'POST';
  body?: unknown;
}

/** A 2xx answer to a streaming GET: its headers, then its body as JSON or as Server-Sent Events. */
interface ApiStream {
  response: Response;
  /** The body as JSON, for a server that answered in one piece. */
  json(): Promise<unknown>;
  /** The events in order; stopping early closes the connection. */
  events(): AsyncGenerator<SseMessage>;
}

/**
 * GET that accepts an event stream (docs/architecture.md#client-rules search). Unlike JSON calls, the timeout covers the whole
 * stream, not only the wait for its headers; failures midway become ApiRequestError network, timeout
 * or aborted like any other call.
 */
export async function openStream(path: string, options: StreamOptions = {}): Promise<ApiStream> {
  const { method = 'GET', body, ...rest } = options;
  const { response, release, failure } = await open(
    method,
    path,
    body,
    { ...rest, headers: { Accept: 'text/event-stream', ...options.headers }, cache: 'no-store' },
    method !== 'GET' ? currentCsrf() : null,
  );
  return {
    response,
    async json() {
      try {
        return (await response.json()) as unknown;
      } catch (error) {
        throw failure(error);
      } finally {
        release();
      }
    },
    async *events() {
      if (!response.body) throw failure(new Error('No body'));
      try {
        yield* readSseStream(response.body);
      } catch (error) {
        throw failure(error);
      } finally {
        release();
      }
    },
  };
}
