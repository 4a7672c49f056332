import { isRetailerId, type RetailerConnector, type RetailerId, type ShopId } from './types';
import { createPoliteFetcher, type FetchedPage } from './lib/polite-fetch';
import type { CnkCatalogue } from './lib/cnk-catalogue';
import { createFarmalineConnector } from './farmaline/farmaline.connector';
import { createMedimarketConnector } from './medimarket/medimarket.connector';
import { createMultipharmaConnector } from './multipharma/multipharma.connector';
import { createNewpharmaConnector } from './newpharma/newpharma.connector';

// Connectors return every offer they can parse, prescription items included (offer.prescription=true).
// Filtering them out is the search service's job (docs/architecture.md#price-engine: "Prescription items are dropped").

export const RETAILER_LABELS: Record<RetailerId, string> = {
  farmaline: 'Farmaline',
  medimarket: 'Medi-Market',
  multipharma: 'Multipharma',
  newpharma: 'Newpharma',
};

export const DEFAULT_BASE_URLS: Record<RetailerId, string> = {
  farmaline: 'https://www.farmaline.be',
  medimarket: 'https://medi-market.be',
  multipharma: 'https://www.multipharma.be',
  newpharma: 'https://www.newpharma.be',
};

/** Medi-Market sells medicines from a second, legally separate shop (docs/retailers.md#medi-market). */
export const DEFAULT_MEDIMARKET_PHARMACY_BASE_URL = 'https://pharmacy-medi-market.be';

export type CreateConnectorsOptions = {
  /** The shops searched; a feed-only shop has no page connector and is left to the feeds. */
  ids: ShopId[];
  baseUrls: Partial<Record<RetailerId, string>>;
  /** Medi-Market's pharmacy shop; defaults to the real one. */
  medimarketPharmacyBaseUrl?: string;
  timeoutMs: number;
  /** true only for the demo sites/tests on loopback; live mode must pass false. */
  allowPrivateHosts: boolean;
  userAgent?: string;
  /**
   * Applied to every offer's url and image, e.g. DemoRetailers.publicUrl so demo links point at the
   * main app's /__demo/retailers/… paths instead of loopback ports.
   */
  rewriteUrl?: (url: string) => string;
  /** The official CNK catalogue (GTIN -> CNK, CNK -> name); empty until it exists (ADR 134). */
  catalogue?: CnkCatalogue;
  /** Every page fetched, as received (`npm run retailers:check -- --save <dir>`). */
  onPage?: (retailer: RetailerId, page: FetchedPage) => void;
};

export function createConnectors(opts: CreateConnectorsOptions): RetailerConnector[] {
  const connectors = [...new Set(opts.ids)].filter(isRetailerId).map((id) => createConnector(id, opts));
  return opts.rewriteUrl ? connectors.map((c) => withRewrittenUrls(c, opts.rewriteUrl!)) : connectors;
}

function createConnector(id: RetailerId, opts: CreateConnectorsOptions): RetailerConnector {
  const baseUrl = stripTrailingSlash(opts.baseUrls[id] ?? DEFAULT_BASE_URLS[id]);
  const fetcherFor = (bases: string[]) =>
    createPoliteFetcher({
      allowedBaseUrls: bases,
      timeoutMs: opts.timeoutMs,
      allowPrivateHosts: opts.allowPrivateHosts,
      ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
      ...(opts.onPage ? { onPage: (page: FetchedPage) => opts.onPage!(id, page) } : {}),
      robots: true,
    });
  const context = { baseUrl, timeoutMs: opts.timeoutMs, label: RETAILER_LABELS[id] };
  switch (id) {
    case 'farmaline':
      return createFarmalineConnector({ ...context, fetcher: fetcherFor([baseUrl]) });
    case 'medimarket': {
      const pharmacyBaseUrl = stripTrailingSlash(
        opts.medimarketPharmacyBaseUrl ?? DEFAULT_MEDIMARKET_PHARMACY_BASE_URL,
      );
      return createMedimarketConnector({
        ...context,
        pharmacyBaseUrl,
        fetcher: fetcherFor([baseUrl, pharmacyBaseUrl]),
      });
    }
    case 'multipharma':
      return createMultipharmaConnector({
        ...context,
        fetcher: fetcherFor([baseUrl]),
        ...(opts.catalogue ? { catalogue: opts.catalogue } : {}),
      });
    case 'newpharma':
      return createNewpharmaConnector({ ...context, fetcher: fetcherFor([baseUrl]) });
  }
}

function withRewrittenUrls(connector: RetailerConnector, rewrite: (url: string) => string): RetailerConnector {
  return {
    id: connector.id,
    label: connector.label,
    baseUrl: connector.baseUrl,
    languages: connector.languages,
    ...(connector.searchesByEan ? { searchesByEan: true } : {}),
    search: async (query, signal) =>
      (await connector.search(query, signal)).map((o) => ({
        ...o,
        url: o.url === null ? null : rewrite(o.url),
        image: o.image === null ? null : rewrite(o.image),
      })),
  };
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
