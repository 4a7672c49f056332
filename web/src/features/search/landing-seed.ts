import { createContext } from 'react';
import { LANDING_SEED_ID } from '@pharmaradar/shared/first-screen';
import { productLandingResponseSchema, type ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import { takeEmbeddedJson } from './embedded-json';

/**
 * The product a server-drawn first screen shows (ADR 119). On the server it is given through this
 * context; in the browser it comes once from the page's JSON, so the landing page starts ready with
 * the product the visitor already sees instead of a spinner and a second request.
 */
export const LandingSeedContext = createContext<ProductLandingResponse | null>(null);

/** The embedded product for `slug`, read once (a later visit of the page fetches it as usual). */
export function takeEmbeddedLanding(slug: string): ProductLandingResponse | null {
  const product = takeEmbeddedJson(LANDING_SEED_ID, productLandingResponseSchema);
  return product?.slug === slug ? product : null;
}
