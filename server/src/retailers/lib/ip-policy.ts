import ipaddr from 'ipaddr.js';

// Outbound address policy for live retailer fetching (docs/security.md#outbound-fetches-ssrf). Only public unicast
// addresses may be connected to. Parsing is ipaddr.js's (ADR 137): it reads every IPv4 text form the
// URL parser and inet_aton accept (decimal, octal, hex, shortened) as the address it denotes, and
// IPv6 with zones and embedded IPv4 tails. The ranges are its special-range tables (kept up to date
// with the IANA registries: documentation, benchmarking, AS112, segment routing...).

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

function isPublicV6(addr: ipaddr.IPv6): boolean {
  // Only global unicast 2000::/3 is eligible: this already excludes ::, ::1, IPv4-mapped (::ffff:0:0/96,
  // refused even for a public IPv4: no retailer resolves to one) and -compatible forms, ULA fc00::/7,
  // link-local fe80::/10, multicast ff00::/8 and NAT64 64:ff9b::/96; ipaddr.js's ranges then take
  // out 6to4 2002::/16 (embeds any IPv4 address), Teredo, 2001::/23, documentation and the rest.
  return addr.match(GLOBAL_UNICAST_V6) && addr.range() === 'unicast';
}

/** True only for public unicast IPv4/IPv6 addresses; false for anything else, including non-IP text. */
export function isPublicUnicast(address: string): boolean {
  const addr = parse(address);
  if (!addr) return false;
  return addr.kind() === 'ipv4' ? addr.range() === 'unicast' : isPublicV6(addr as ipaddr.IPv6);
}

/** True when the URL hostname is an IP literal (WHATWG URL already rewrote decimal/octal/hex IPv4 forms). */
export function isIpLiteral(hostname: string): boolean {
  return parse(hostname) !== null;
}
