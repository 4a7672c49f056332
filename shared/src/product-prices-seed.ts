import { z } from 'zod';
import { priceHistoryResponseSchema } from './price-history.schema';
import { searchResultSchema } from './search.schema';

// What a server-drawn product page (ADR 119, ADR 121) shows beyond the product itself: the prices the
// server's search cache already holds for its CNK, and its price history. The server draws them into
// the page and embeds them as JSON, so the app takes the page over with the same prices and history
// instead of asking for them again.

export { PRICES_SEED_ID } from './first-screen';

export const productPricesSeedSchema = z.object({
  cnk: z.string(),
  /**
   * Every retailer's answer for the CNK, all from the cache (null when one would need a live
   * request); `freshUntil` is when the oldest of them leaves the cache, after which the app asks again.
   */
  search: z.object({ result: searchResultSchema, freshUntil: z.string() }).nullable(),
  history: priceHistoryResponseSchema.nullable(),
});
export type ProductPricesSeed = z.infer<typeof productPricesSeedSchema>;
