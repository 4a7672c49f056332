import type { LookupFunction } from 'node:net';
import { RetailerError } from '../types';
import { isIpLiteral, isPublicUnicast } from './ip-policy';
import type { Resolver } from './resolver';

// The address policy of outbound fetches (docs/security.md#outbound-fetches-ssrf): only configured
// origins, only public addresses, checked again at connect time (DNS rebinding).

/** A `lookup` for http.request that refuses a host resolving to a non-public address (unless allowed). */
export function addressCheckedLookup(resolve: Resolver, allowPrivateHosts: boolean | undefined): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = allowPrivateHosts ? undefined : addresses.find((a) => !isPublicUnicast(a.address));
        if (addresses.length === 0 || refused) {
          const err = Object.assign(new Error(`refused: ${hostname} resolves to a non-public address`), {
            code: 'ERR_SSRF_REFUSED',
          });
          callback(err, '', 4);
          return;
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}

/** Refuses a URL of another protocol, of an origin not configured, or at a non-public address literal. */
export function assertFetchable(
  url: URL,
  allowedOrigins: ReadonlySet<string>,
  allowPrivateHosts: boolean | undefined,
): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RetailerError('error', `refused: protocol ${url.protocol} is not fetched`);
  }
  if (!allowedOrigins.has(url.origin))
    throw new RetailerError('error', `refused: ${url.host} is not a configured retailer host`);
  if (!allowPrivateHosts && isIpLiteral(url.hostname) && !isPublicUnicast(url.hostname)) {
    throw new RetailerError('error', `refused: ${url.hostname} is not a public address`);
  }
}

/** A base URL must be plain http(s) without credentials; a bad one is a configuration error. */
export function validateBaseUrl(base: string): URL {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`invalid retailer base URL: ${base}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`retailer base URL must be http(s): ${base}`);
  }
  if (url.username || url.password) throw new Error(`retailer base URL must not carry credentials: ${url.origin}`);
  return url;
}
