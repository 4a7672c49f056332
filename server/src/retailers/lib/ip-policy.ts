import { isIP } from 'node:net';

// Outbound address policy for live retailer fetching (SECURITY.md §1.7). Only public unicast
// addresses may be connected to. Ranges are written out rather than taken from net.BlockList because
// BlockList does not treat IPv4-mapped/-compatible IPv6 forms as their IPv4 equivalent.

type V4Range = readonly [base: number, prefix: number];

const BLOCKED_V4: readonly V4Range[] = [
  [v4('0.0.0.0'), 8], // "this network", incl. unspecified
  [v4('10.0.0.0'), 8],
  [v4('100.64.0.0'), 10], // carrier-grade NAT
  [v4('127.0.0.0'), 8],
  [v4('169.254.0.0'), 16], // link-local, incl. cloud metadata 169.254.169.254
  [v4('172.16.0.0'), 12],
  [v4('192.0.0.0'), 24],
  [v4('192.0.2.0'), 24],
  [v4('192.88.99.0'), 24],
  [v4('192.168.0.0'), 16],
  [v4('198.18.0.0'), 15],
  [v4('198.51.100.0'), 24],
  [v4('203.0.113.0'), 24],
  [v4('224.0.0.0'), 4], // multicast
  [v4('240.0.0.0'), 4], // reserved + broadcast
];

function v4(text: string): number {
  const parts = text.split('.').map(Number);
  return (((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!) >>> 0;
}

function inV4Range(addr: number, [base, prefix]: V4Range): boolean {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (addr & mask) >>> 0 === (base & mask) >>> 0;
}

function isPublicV4(text: string): boolean {
  const addr = v4(text);
  return !BLOCKED_V4.some((range) => inV4Range(addr, range));
}

/** Expands an IPv6 text form (with optional embedded IPv4 tail) into 8 16-bit groups. */
function v6Groups(text: string): number[] | null {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    if (isIP(last) !== 4) return null;
    const n = v4(last);
    s = `${s.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const halves = s.split('::');
  if (halves.length > 2) return null;
  if (halves.length === 1) {
    const all = parse(s);
    return all.length === 8 ? all : null;
  }
  const head = parse(halves[0]!);
  const rest = parse(halves[1]!);
  if (head.length + rest.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

function isPublicV6(text: string): boolean {
  const g = v6Groups(text);
  if (!g || g.some((n) => Number.isNaN(n))) return false;
  const [g0, g1] = [g[0]!, g[1]!];
  // Only global unicast 2000::/3 is eligible; this already excludes ::, ::1, IPv4-mapped (::ffff:0:0/96)
  // and -compatible forms, ULA fc00::/7, link-local fe80::/10, multicast ff00::/8, 64:ff9b::/96 (NAT64).
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x2001 && g1 < 0x0200) return false; // IETF protocol assignments incl. Teredo 2001::/32
  if (g0 === 0x2002) return false; // 6to4 embeds an arbitrary IPv4 address
  return true;
}

/** True only for public unicast IPv4/IPv6 addresses; false for anything else, including non-IP text. */
export function isPublicUnicast(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return isPublicV4(bare);
  if (family === 6) return isPublicV6(bare);
  return false;
}

/** True when the URL hostname is an IP literal (WHATWG URL already rewrote decimal/octal/hex IPv4 forms). */
export function isIpLiteral(hostname: string): boolean {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) !== 0;
}
