import { isIpLiteral, isPublicUnicast } from '../../retailers/lib/ip-policy';

// The outbound-fetch policy (docs/security.md#outbound-fetches-ssrf) applied to push endpoints: a
// browser hands us a URL and the server will POST to it, so it is an outbound fetch like any other.

/** Where push messages may go: live, https to public addresses only; demo and tests, also a loopback push service. */
export interface EndpointPolicy {
  /** Demo mode: a push service on this machine (plain http or https) stands in for the browser's. */
  allowLoopback: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for a host naming this machine (the demo and test push services listen there). */
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.has(hostname.toLowerCase());

/**
 * The endpoint as a URL when the policy lets the server send to it, else null: https without
 * credentials, to a host name or a public address literal; a loopback push service only when the
 * policy allows it. Host names are checked again when the connection is made (push-sender.ts).
 */
export function allowedEndpoint(endpoint: string, policy: EndpointPolicy): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  if (policy.allowLoopback && isLoopbackHost(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:'))
    return url;
  if (url.protocol !== 'https:') return null;
  if (isLoopbackHost(url.hostname) || !url.hostname.includes('.')) return null;
  if (isIpLiteral(url.hostname) && !isPublicUnicast(url.hostname)) return null;
  return url;
}
