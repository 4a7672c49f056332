import type { Env } from '../config/env';
import type { CnkCatalogue } from './lib/cnk-catalogue';
import { userAgentFor } from './lib/polite-fetch';
import type { FetchedPage } from './lib/polite-fetch';
import { createConnectors, type CreateConnectorsOptions } from './registry';
import { RETAILER_IDS, type RetailerConnector, type RetailerId } from './types';

export type RetailersEnv = Pick<
  Env,
  | 'RETAILERS_MODE'
  | 'RETAILERS'
  | 'RETAILER_TIMEOUT_MS'
  | 'DEMO_LATENCY_MS'
  | 'DEMO_FAULTS'
  | 'DEMO_PRICES_MOVE'
  | 'FARMALINE_BASE_URL'
  | 'MEDIMARKET_BASE_URL'
  | 'MEDIMARKET_PHARMACY_BASE_URL'
  | 'MULTIPHARMA_BASE_URL'
  | 'NEWPHARMA_BASE_URL'
> &
  Partial<Pick<Env, 'PUBLIC_URL'>>;

/** What the check command adds: every fetched page, to save it. */
export type StartOptions = { onPage?: (retailer: RetailerId, page: FetchedPage) => void };

/** What demo mode needs of the demo shops once they run: where they answer, and how to stop them. */
export type RunningDemoShops = {
  baseUrls: Record<RetailerId, string>;
  medimarketPharmacyBaseUrl: string;
  /** An offer's link or image on the demo shop, as the main app serves it (/__demo/retailers/…). */
  publicUrl(url: string): string;
  close(): Promise<void>;
};

/**
 * The demo shops as a port (demo/demo-shops.ts provides it; the composition root and the jobs pass it
 * in), so that this layer does not import the demo. Live mode never calls it.
 */
export type DemoShops<D extends RunningDemoShops = RunningDemoShops> = {
  start(options: {
    latencyMs: Partial<Record<RetailerId, number>>;
    faults: RetailersEnv['DEMO_FAULTS'];
    now?: () => number;
  }): Promise<D>;
  /** Demo mode's stand-in for the official CNK catalogue (ADR 134). */
  catalogue(): CnkCatalogue;
};

export type RunningRetailers<D extends RunningDemoShops = RunningDemoShops> = {
  /** The connectors of env.RETAILERS, in that order. */
  connectors: RetailerConnector[];
  /** The demo shops in demo mode (mount them on the main app with demo.mount(app)), else null. */
  demo: D | null;
  close(): Promise<void>;
};

/** The *_BASE_URL settings that are set. */
function baseUrlOverrides(env: RetailersEnv): Partial<Record<RetailerId, string>> {
  const baseUrls: Partial<Record<RetailerId, string>> = {};
  if (env.FARMALINE_BASE_URL) baseUrls.farmaline = env.FARMALINE_BASE_URL;
  if (env.MEDIMARKET_BASE_URL) baseUrls.medimarket = env.MEDIMARKET_BASE_URL;
  if (env.MULTIPHARMA_BASE_URL) baseUrls.multipharma = env.MULTIPHARMA_BASE_URL;
  if (env.NEWPHARMA_BASE_URL) baseUrls.newpharma = env.NEWPHARMA_BASE_URL;
  return baseUrls;
}

/** Live mode: the configured base URLs (else the real shops), private/loopback addresses refused. */
export function liveConnectorOptions(env: RetailersEnv): CreateConnectorsOptions {
  return {
    ids: env.RETAILERS,
    baseUrls: baseUrlOverrides(env),
    ...(env.MEDIMARKET_PHARMACY_BASE_URL ? { medimarketPharmacyBaseUrl: env.MEDIMARKET_PHARMACY_BASE_URL } : {}),
    timeoutMs: env.RETAILER_TIMEOUT_MS,
    allowPrivateHosts: false,
    ...(env.PUBLIC_URL ? { userAgent: userAgentFor(env.PUBLIC_URL) } : {}),
  };
}

/**
 * Connectors for the configured mode. Demo mode starts the demo shops on loopback ports, points the
 * real connectors at them (private hosts allowed only there) and rewrites offer links/images to the
 * stable /__demo/retailers/<shop>/… paths served by the main app. A *_BASE_URL that is set still wins
 * in demo mode, so tests and the benchmark can put an instrumented front door before a demo shop.
 */
export async function startRetailers<D extends RunningDemoShops>(
  env: RetailersEnv,
  demoShops: DemoShops<D>,
  now?: () => number,
  options: StartOptions = {},
): Promise<RunningRetailers<D>> {
  const onPage = options.onPage ? { onPage: options.onPage } : {};
  if (env.RETAILERS_MODE === 'live') {
    return {
      connectors: createConnectors({ ...liveConnectorOptions(env), ...onPage }),
      demo: null,
      close: async () => {},
    };
  }
  // DEMO_LATENCY_MS is the whole truth once loaded: a shop it does not name gets no added latency.
  const latencyMs = Object.fromEntries(RETAILER_IDS.map((id) => [id, env.DEMO_LATENCY_MS[id] ?? 0]));
  // The server's clock moves the demo prices from day to day (price alerts fire in demo mode).
  const demo = await demoShops.start({
    latencyMs,
    faults: env.DEMO_FAULTS,
    ...(now && env.DEMO_PRICES_MOVE ? { now } : {}),
  });
  const connectors = createConnectors({
    ids: env.RETAILERS,
    baseUrls: { ...demo.baseUrls, ...baseUrlOverrides(env) },
    medimarketPharmacyBaseUrl: env.MEDIMARKET_PHARMACY_BASE_URL ?? demo.medimarketPharmacyBaseUrl,
    timeoutMs: env.RETAILER_TIMEOUT_MS,
    allowPrivateHosts: true,
    rewriteUrl: demo.publicUrl,
    catalogue: demoShops.catalogue(),
    ...(env.PUBLIC_URL ? { userAgent: userAgentFor(env.PUBLIC_URL) } : {}),
    ...onPage,
  });
  return { connectors, demo, close: () => demo.close() };
}
