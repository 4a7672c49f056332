import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';
import { stringMemo } from './string-memo';

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

/** The networks of the addresses seen lately: the same clients ask again and again, each a parse. */
const NETWORKS_KEPT = 4096;

/**
 * The network an address stands for: an IPv4 address as it is, an IPv6 address as its /64 (one
 * site's prefix: a host there may take any of its 2^64 addresses), an IPv4-mapped IPv6 address as
 * its IPv4 address. Anything else (no socket) is kept as it is. Bounded: a flood of distinct addresses
 * only empties the memo (ADR 257).
 */
export const addressNetwork: (address: string) => string = stringMemo(NETWORKS_KEPT, networkOf);

function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/** A signed-in user's share of the shops, whichever route or job asks for them. */
export const userShareKey = (userId: number): string => `user:${userId}`;

/**
 * Whom a shop's capacity is shared between (ADR 188): the signed-in user, else the client's network
 * (addressNetwork of the address rate limits key on). Every route that asks the shops passes it on.
 */
export function clientShareKey(c: Context): string {
  const user = c.get('user');
  if (user) return userShareKey(user.id);
  return `net:${addressNetwork(c.get('clientIp') ?? clientAddress(c, false))}`;
}
