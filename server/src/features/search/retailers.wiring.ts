import type { Env } from '../../config/env';
import { startDemoRetailers } from '../../demo/demo-retailers';
import { createConnectors } from '../../retailers/registry';
import { startRetailers, type RunningRetailers } from '../../retailers/start-retailers';
import { RETAILER_IDS, type RetailerId } from '../../retailers/types';

/** The *_BASE_URL settings that are set. */
function baseUrlOverrides(env: Env): Partial<Record<RetailerId, string>> {
  const all: Record<RetailerId, string | undefined> = {
    farmaline: env.FARMALINE_BASE_URL,
    medimarket: env.MEDIMARKET_BASE_URL,
    multipharma: env.MULTIPHARMA_BASE_URL,
    newpharma: env.NEWPHARMA_BASE_URL,
  };
  return Object.fromEntries(Object.entries(all).filter(([, url]) => url)) as Partial<Record<RetailerId, string>>;
}

/**
 * Live mode: the real sites or the *_BASE_URL overrides, private and loopback addresses refused
 * (retailers/start-retailers.ts). Demo mode: the demo retailer sites on loopback, with two rules of
 * our own: DEMO_LATENCY_MS is the whole truth (a shop it does not name, or an empty value, means no
 * added latency), and a *_BASE_URL that is set still wins, so tests and the benchmark can put an
 * instrumented demo shop in front. Offer links and images are rewritten to the main app's
 * /__demo/retailers/… paths (app.ts mounts the shops there).
 */
export async function startRetailerWiring(env: Env): Promise<RunningRetailers> {
  if (env.RETAILERS_MODE === 'live') return startRetailers(env);
  const latencyMs = Object.fromEntries(RETAILER_IDS.map((id) => [id, env.DEMO_LATENCY_MS[id] ?? 0])) as Record<
    RetailerId,
    number
  >;
  const demo = await startDemoRetailers({ latencyMs, faults: env.DEMO_FAULTS });
  const connectors = createConnectors({
    ids: env.RETAILERS,
    baseUrls: { ...demo.baseUrls, ...baseUrlOverrides(env) },
    medimarketPharmacyBaseUrl: env.MEDIMARKET_PHARMACY_BASE_URL ?? demo.medimarketPharmacyBaseUrl,
    timeoutMs: env.RETAILER_TIMEOUT_MS,
    allowPrivateHosts: true,
    rewriteUrl: demo.publicUrl,
  });
  return { connectors, demo, close: () => demo.close() };
}
