import { useEffect, useState } from 'react';
import { api } from '../../lib/api/client';

/** The ad network the server is configured with (AD_NETWORK_SCRIPT_URL, AD_CLIENT_ID). */
export interface AdNetwork {
  scriptUrl: string;
  clientId: string | null;
}

/** Read by hand, not with a zod schema: the home page, which shows the ad slot, loads no zod (ADR 036). */
function readNetwork(body: unknown): AdNetwork | null {
  const network = typeof body === 'object' && body !== null ? (body as { network?: unknown }).network : null;
  if (typeof network !== 'object' || network === null) return null;
  const { scriptUrl, clientId } = network as { scriptUrl?: unknown; clientId?: unknown };
  if (typeof scriptUrl !== 'string' || !scriptUrl.startsWith('http')) return null;
  return { scriptUrl, clientId: typeof clientId === 'string' ? clientId : null };
}

/**
 * The configured ad network, asked only while `enabled` (visitors and free users): null while asking,
 * when none is configured, or when the server cannot say (offline), and the slot keeps its house ad.
 */
export function useAdNetwork(enabled: boolean): AdNetwork | null {
  const [network, setNetwork] = useState<AdNetwork | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    api
      .get<unknown>('/ads/config/', { signal: controller.signal })
      .then((body) => setNetwork(readNetwork(body)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [enabled]);
  return enabled ? network : null;
}

const SCRIPT_MARK = 'data-pe-ad-network';

/** Adds the network's loader script once per page (the CSP allows its origin only when configured). */
export function loadAdNetworkScript(network: AdNetwork): void {
  if (document.querySelector(`script[${SCRIPT_MARK}]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = network.scriptUrl;
  script.crossOrigin = 'anonymous';
  script.setAttribute(SCRIPT_MARK, '');
  if (network.clientId) script.dataset.adClient = network.clientId;
  document.head.appendChild(script);
}
