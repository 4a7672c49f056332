import { startDemoRetailers, type DemoRetailers } from '../demo/demo-retailers';
import { demoCnkCatalogue } from '../demo/demo-shops';
import { createConnectors, type CreateConnectorsOptions } from './registry';
import type { RetailerConnector, RetailerId } from './types';

// The demo shops as the connector tests talk to them: on loopback, answering at once.

/** No shop waits before answering (the demo's default latency would only slow the tests down). */
export const NO_LATENCY = { farmaline: 0, medimarket: 0, multipharma: 0, newpharma: 0 };

/** The demo shops with no latency and no jitter. */
export function startInstantDemoShops(): Promise<DemoRetailers> {
  return startDemoRetailers({ latencyMs: NO_LATENCY, jitter: 0 });
}

/** The connectors of these shops pointed at the demo, on loopback (3 s timeout unless `extra` says). */
export function demoShopConnectors(
  demo: DemoRetailers,
  ids: RetailerId[],
  extra: Partial<CreateConnectorsOptions> = {},
): RetailerConnector[] {
  return createConnectors({
    ids,
    baseUrls: demo.baseUrls,
    medimarketPharmacyBaseUrl: demo.medimarketPharmacyBaseUrl,
    timeoutMs: 3000,
    allowPrivateHosts: true,
    ...extra,
  });
}

/**
 * One shop's connector as demo mode builds it: Multipharma's pages show GTINs, which the demo
 * catalogue maps to CNKs.
 */
export function demoShopConnector(
  demo: DemoRetailers,
  id: RetailerId,
  extra: Partial<CreateConnectorsOptions> = {},
): RetailerConnector {
  return demoShopConnectors(demo, [id], { catalogue: demoCnkCatalogue(), ...extra })[0]!;
}
