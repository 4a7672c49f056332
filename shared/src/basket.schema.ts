import { z } from 'zod';

// Shipping terms per retailer (GET /api/retailers/shipping/): what a basket costs delivered, shop by shop.

export const retailerShippingSchema = z.object({
  id: z.string().min(1),
  /** The shop's display name (a shop read only from its feed has no name the web knows; ADR 179). */
  name: z.string().min(1).optional(),
  /** Delivery cost in EUR below the free-shipping threshold. */
  cost: z.number().nonnegative(),
  /** Order subtotal (EUR, VAT incl.) from which delivery is free; null = never free. */
  freeFrom: z.number().nonnegative().nullable(),
});
export type RetailerShipping = z.infer<typeof retailerShippingSchema>;

export const shippingResponseSchema = z.object({
  /** True when these are the demo shops' made-up terms, not the real shops'. */
  demo: z.boolean(),
  retailers: z.array(retailerShippingSchema),
});
export type ShippingResponse = z.infer<typeof shippingResponseSchema>;

/** Distinct products one basket holds: keeps the exact split search small (ADR 111). */
export const MAX_BASKET_LINES = 30;
/** Quantity of one product in a basket. */
export const MAX_BASKET_QUANTITY = 99;

/**
 * GET /api/products/offered/?cnks=a,b: which of a basket's products the official catalogue never offers
 * (prescription-only, suspended or withdrawn since they were added). They leave the basket's plans.
 */
export const offeredResponseSchema = z.object({ excluded: z.array(z.string()) });
export type OfferedResponse = z.infer<typeof offeredResponseSchema>;
