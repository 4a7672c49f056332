import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';

/**
 * Hono's streamSSE always sends `Cache-Control: no-cache` (a cache may store it and revalidate),
 * overwriting whatever the route set. Search and Pro streams carry what someone looked for, so they
 * must not be stored at all: the header is replaced on the response streamSSE builds.
 */
export function streamPrivateSSE(c: Context, run: (stream: SSEStreamingApi) => Promise<void>): Response {
  const response = streamSSE(c, run);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
