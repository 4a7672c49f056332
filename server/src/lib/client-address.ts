import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

declare module 'hono' {
  interface ContextVariableMap {
    /** Address rate limits key on; set once per request by app.ts (see clientAddress). */
    clientIp: string;
  }
}

/**
 * The address of the client for rate limiting and logs. The socket address, never a client header,
 * unless TRUST_PROXY says one reverse proxy sits in front: then the last X-Forwarded-For entry, the
 * one that proxy appended (earlier entries are whatever the client chose to send).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  let socket = 'unknown';
  try {
    socket = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not running on node-server (app.request in a unit test): no socket to read.
  }
  if (!trustProxy) return socket;
  const forwarded = c.req.header('x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .pop();
  return last && /^[0-9a-fA-F:.]{2,45}$/.test(last) ? last : socket;
}
