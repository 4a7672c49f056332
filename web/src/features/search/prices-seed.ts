import { createContext, useContext, useState } from 'react';
import {
  PRICES_SEED_ID,
  productPricesSeedSchema,
  type ProductPricesSeed,
} from '@pharmaradar/shared/product-prices-seed';
import { takeEmbeddedJson } from './embedded-json';

/**
 * The cached prices and price history a server-drawn product page shows (ADR 121). On the server
 * they are given through this context; in the browser they come once from the page's JSON, so the
 * app takes the page over showing the same prices instead of searching again.
 */
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
