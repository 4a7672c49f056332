import { createContext, useContext, useState } from 'react';
import { LANDING_SEED_ID, PRICES_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import type { ProductPricesSeed } from '@pharmaradar/shared/first-screen.schema';
import type { ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import { takeEmbeddedJson, type SeedCheck } from './take-seed';

// The product page's seeds (ADR 121): what it was drawn with, given on the server through these
// contexts (app/ssr/first-screen.ssr.tsx), read once from the page's JSON in the browser
// (take-seed.ts). Apart from the home page's seed (search-seed.ts), so the home page does not load them.

/** The product a drawn product page shows, so the page starts ready instead of asking for it. */
export const LandingSeedContext = createContext<ProductLandingResponse | null>(null);

/** The embedded product for `slug`, read once (a later visit of the page fetches it as usual). */
export function takeEmbeddedLanding(
  slug: string,
  check: SeedCheck<ProductLandingResponse>,
): ProductLandingResponse | null {
  const product = takeEmbeddedJson(LANDING_SEED_ID, check);
  return product?.slug === slug ? product : null;
}

/** The cached prices and price history a drawn product page shows (ADR 121). */
export const PricesSeedContext = createContext<ProductPricesSeed | null>(null);

/**
 * What the page was drawn with, as the app may still show it: the prices only while the server's
 * cache would still have answered with them (later, the app searches again, as without a seed).
 */
export function usePricesSeed(
  check: SeedCheck<ProductPricesSeed>,
  now: () => number = Date.now,
): ProductPricesSeed | null {
  const given = useContext(PricesSeedContext);
  const [seed] = useState(() => {
    const taken = given ?? takeEmbeddedJson(PRICES_SEED_ID, check);
    if (!taken?.search || Date.parse(taken.search.freshUntil) > now()) return taken;
    return { ...taken, search: null };
  });
  return seed;
}
