import { catalogueOf, type CnkCatalogue } from '../retailers/lib/cnk-catalogue';
import type { DemoShops } from '../retailers/start-retailers';
import { getDemoCatalogue } from './catalogue';
import { startDemoRetailers, type DemoRetailers } from './demo-retailers';

/**
 * Demo mode's stand-in for the official CNK catalogue (ADR 134): the demo shops show GTINs and
 * names, the demo catalogue knows their CNKs. Live mode has none until the real one exists.
 */
export function demoCnkCatalogue(): CnkCatalogue {
  return catalogueOf(getDemoCatalogue().map((p) => ({ cnk: p.cnk, gtin: p.ean, name: p.name.fr })));
}

/** The demo shops as startRetailers' port: the server and the retailer check pass it in. */
export const demoShops: DemoShops<DemoRetailers> = {
  start: (options) => startDemoRetailers(options),
  catalogue: demoCnkCatalogue,
};
