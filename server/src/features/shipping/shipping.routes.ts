import { Hono } from 'hono';
import type { ShippingResponse } from '@pharmaradar/shared/basket.schema';
import { DEFAULT_SHIPPING, type Env } from '../../config/env';

/** What the shipping terms need from the app (app.ts wires it). */
export interface ShippingDeps {
  env: Pick<Env, 'RETAILERS' | 'RETAILERS_MODE' | 'RETAILER_SHIPPING'>;
}

/** The searched retailers' terms: RETAILER_SHIPPING where it names the retailer, else the built-in ones. */
export function shippingTerms(env: ShippingDeps['env']): ShippingResponse {
  return {
    demo: env.RETAILERS_MODE === 'demo',
    retailers: env.RETAILERS.map((id) => ({ id, ...(env.RETAILER_SHIPPING[id] ?? DEFAULT_SHIPPING[id]) })),
  };
}

/** GET /api/retailers/shipping/: the same for everyone; the basket keeps a copy for offline use. */
export function createShippingRoutes(deps: ShippingDeps): Hono {
  const routes = new Hono();
  const body = shippingTerms(deps.env);
  routes.get('/retailers/shipping/', (c) => c.json(body));
  return routes;
}
