import { z } from 'zod';

// Price history of one product (GET /api/products/:cnk/history/): one point per retailer and day,
// the 30-day lows and the prior-price check of a struck-out 'was' price (docs/architecture.md#regulated-facts, ADR 105).

/** Days of the window the lows and the prior-price rule look at (EU 2019/2161, CEL art. VI.18). */
export const PRIOR_PRICE_DAYS = 30;
/** Days of history the product page charts. */
export const HISTORY_CHART_DAYS = 90;

/** A 6- or 7-digit CNK as the path parameter (left-padded to 7 digits). */
export const priceHistoryParamsSchema = z.object({
  cnk: z
    .string()
    .regex(/^\d{6,7}$/, { error: 'invalid_cnk' })
    .transform((cnk) => cnk.padStart(7, '0')),
});

const euros = z.number().nonnegative();

/** One day's observation: the last price seen that day (Europe/Brussels calendar day, YYYY-MM-DD). */
export const pricePointSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  price: euros,
  /** The lowest price seen that day (several searches may have seen several prices). */
  low: euros,
  inStock: z.boolean().nullable(),
  /** The struck-out 'was' price the retailer showed, when it showed one. */
  wasPrice: euros.nullable(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

/**
 * A 'was' price checked against the retailer's own lowest price in the 30 days before the reduction
 * began. `misleading` when the 'was' price is above that low.
 */
export const priorPriceCheckSchema = z.object({
  wasPrice: euros,
  /** Lowest price of the 30 days before the reduction started; null when no day before it is known. */
  lowBefore: euros.nullable(),
  /** First day the current 'was' price was shown. */
  since: z.string(),
  misleading: z.boolean(),
});
export type PriorPriceCheck = z.infer<typeof priorPriceCheckSchema>;

export const retailerHistorySchema = z.object({
  retailer: z.string().min(1),
  /** Oldest first, within the chart window. */
  points: z.array(pricePointSchema),
  /** This retailer's lowest price in the last 30 days (today included). */
  low30: euros.nullable(),
  /** Its latest point (the price it shows now, as far as we know). */
  current: pricePointSchema.nullable(),
  priorPrice: priorPriceCheckSchema.nullable(),
});
export type RetailerHistory = z.infer<typeof retailerHistorySchema>;

export const priceHistoryResponseSchema = z.object({
  cnk: z.string(),
  currency: z.literal('EUR'),
  /** Today in Europe/Brussels, the end of the window. */
  today: z.string(),
  /** Prices from the demo shops (and, in demo mode, seeded demo history). */
  demo: z.boolean(),
  retailers: z.array(retailerHistorySchema),
  /** Lowest price of any retailer in the last 30 days. */
  low30: euros.nullable(),
  /** The lowest current price among the retailers (their latest points). */
  bestPrice: euros.nullable(),
  /** True when the best current price is the lowest price of the last 30 days. */
  bestIsLow30: z.boolean(),
});
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;
