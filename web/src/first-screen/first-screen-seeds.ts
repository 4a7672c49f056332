import { createContext, useContext, useState } from 'react';
import type { z } from 'zod';
import { LANDING_SEED_ID, PRICES_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { productPricesSeedSchema, type ProductPricesSeed } from '@pharmaradar/shared/first-screen.schema';
import { productLandingResponseSchema, type ProductLandingResponse } from '@pharmaradar/shared/product-landing';

// What a server-drawn page (ADR 119, ADR 121) was drawn with, for the page that takes it over. On the
// server it is given through these contexts (first-screen.ssr.tsx); in the browser it comes once from
// the page's JSON. The product page imports this module only: it draws no feature (lint, ADR 140).

/**
 * The JSON a drawn page carries in `<script type="application/json" id={id}>`, read once (the
 * element goes, so a later visit of the page fetches as usual) and checked with `schema`; null when
 * absent or unreadable, as if the page had carried none.
 */
function takeEmbeddedJson<T>(id: string, schema: z.ZodType<T>): T | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(id);
  if (!element) return null;
  element.remove();
  try {
    return schema.parse(JSON.parse(element.textContent ?? ''));
  } catch {
    return null;
  }
}

/** The product a drawn product page shows, so the page starts ready instead of asking for it. */
export const LandingSeedContext = createContext<ProductLandingResponse | null>(null);

/** The embedded product for `slug`, read once (a later visit of the page fetches it as usual). */
export function takeEmbeddedLanding(slug: string): ProductLandingResponse | null {
  const product = takeEmbeddedJson(LANDING_SEED_ID, productLandingResponseSchema);
  return product?.slug === slug ? product : null;
}

/** The cached prices and price history a drawn product page shows (ADR 121). */
export const PricesSeedContext = createContext<ProductPricesSeed | null>(null);

/**
 * What the page was drawn with, as the app may still show it: the prices only while the server's
 * cache would still have answered with them (later, the app searches again, as without a seed).
 */
export function usePricesSeed(now: () => number = Date.now): ProductPricesSeed | null {
  const given = useContext(PricesSeedContext);
  const [seed] = useState(() => {
    const taken = given ?? takeEmbeddedJson(PRICES_SEED_ID, productPricesSeedSchema);
    if (!taken?.search || Date.parse(taken.search.freshUntil) > now()) return taken;
    return { ...taken, search: null };
  });
  return seed;
}
