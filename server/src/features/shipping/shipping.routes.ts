import { Hono } from 'hono';
import type { ShippingResponse } from '@pharmaradar/shared/basket.schema';
import type { Env } from '../../config/env';
import { DEFAULT_SHIPPING, UNKNOWN_SHOP_SHIPPING } from '../../config/env-variables-shops';
import { shopDisplayName } from '../../retailers/shop-names';

/** What the shipping terms need from the app (app.ts wires it). */
export interface ShippingDeps {
  env: Pick<Env, 'RETAILERS' | 'RETAILERS_MODE' | 'RETAILER_SHIPPING' | 'RETAILER_NAMES'>;
}

/**
 * The searched retailers' names and terms: RETAILER_SHIPPING where it names the retailer, else the
 * built-in ones (a feed-only shop without terms: the dearest default, never free; ADR 179).
 */
export function shippingTerms(env: ShippingDeps['env']): ShippingResponse {
  return {
    demo: env.RETAILERS_MODE === 'demo',
    retailers: env.RETAILERS.map((id) => ({
      id,
      name: shopDisplayName(id, env.RETAILER_NAMES),
      ...(env.RETAILER_SHIPPING[id] ??
        (DEFAULT_SHIPPING as Record<string, typeof UNKNOWN_SHOP_SHIPPING>)[id] ??
        UNKNOWN_SHOP_SHIPPING),
    })),
  };
}

/** GET /api/retailers/shipping/: the same for everyone; the basket keeps a copy for offline use. */
export function createShippingRoutes(deps: ShippingDeps): Hono {
  const routes = new Hono();
  const body = shippingTerms(deps.env);
  routes.get('/retailers/shipping/', (c) => c.json(body));
  return routes;
}
