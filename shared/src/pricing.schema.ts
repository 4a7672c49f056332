import { z } from 'zod';

/** docs/product.md#data: aggressive = lowest offer ("min"), balanced = median ("moyen"), conservative = highest ("max"). */
export const PRICING_STRATEGIES = ['balanced', 'aggressive', 'conservative'] as const;
export const pricingStrategySchema = z.enum(PRICING_STRATEGIES);
export type PricingStrategy = z.infer<typeof pricingStrategySchema>;

/** Percent values (20 = 20 %), as the pharmacist types them. */
export const pricingSettingsSchema = z
  .object({
    minMarginPercent: z.number().finite().min(0).max(100),
    idealMarginPercent: z.number().finite().min(0).lt(100),
    strategy: pricingStrategySchema,
  })
  .refine((s) => s.minMarginPercent <= s.idealMarginPercent, {
    message: 'min_above_ideal',
    path: ['minMarginPercent'],
  });
export type PricingSettings = z.infer<typeof pricingSettingsSchema>;

/** docs/architecture.md#pro-pricing: balanced, minimum 20 %, ideal 30 %. */
export const DEFAULT_PRICING_SETTINGS: PricingSettings = Object.freeze({
  minMarginPercent: 20,
  idealMarginPercent: 30,
  strategy: 'balanced',
});

/** Belgian VAT: 6 % for medicines (OTC included), 21 % for cosmetics, supplements, most devices. */
export const VAT_MEDICINE_PERCENT = 6;
export const VAT_STANDARD_PERCENT = 21;
export const vatPercentSchema = z.number().finite().min(0).lt(100);

export function defaultVatPercent(isMedicine: boolean): number {
  return isMedicine ? VAT_MEDICINE_PERCENT : VAT_STANDARD_PERCENT;
}

export const cnkSchema = z.string().regex(/^\d{7}$/);

/** What the engine needs for one product: market prices are incl. VAT, the purchase price (the supplier catalogue's) excl. VAT. */
export const productPricingInputSchema = z.object({
  cnk: cnkSchema,
  name: z.string().max(300).nullable().default(null),
  vatPercent: vatPercentSchema,
  purchaseExVat: z.number().finite().positive().nullable().default(null),
  offers: z.array(z.number().finite().positive()).max(50),
});
export type ProductPricingInput = z.input<typeof productPricingInputSchema>;

export type DeltaPosition = 'above' | 'below' | 'aligned';
export type PriceDelta = { ratio: number; position: DeltaPosition };

/** What can be negotiated with the supplier at the catalogue price. */
export type Negotiation =
  | { kind: 'discount'; ratio: number; amountExVat: number }
  | { kind: 'already_below_target' }
  | { kind: 'no_catalogue_price' };

/**
 * The product card (docs/product.md#data). Money in euros rounded to the cent; ratios as fractions (0.3 = 30 %)
 * rounded to 0.01 %. Null market fields mean there was no offer to price from.
 */
export type ProductCard = {
  /** `no_vat`: offers known but the line's VAT is to be set (docs/decisions/215), nothing computed. */
  status: 'priced' | 'no_offers' | 'no_vat';
  vatPercent: number | null;
  purchaseExVat: number | null;
  lowestOffer: number | null;
  marketReference: number | null;
  sellPriceInclVat: number | null;
  sellPriceExVat: number | null;
  recommendedPurchaseExVat: number | null;
  minimumMarginCeilingExVat: number | null;
  targetMarginRatio: number;
  minimumMarginRatio: number;
  marginAtCatalogueRatio: number | null;
  delta: PriceDelta | null;
  negotiation: Negotiation | null;
  /** The catalogue price leaves less than the minimum margin at the market price. */
  minimumOutOfReach: boolean;
};

/** One row of a priced group: the product's identity beside its card. */
export type PricedRow = { cnk: string; name: string | null; card: ProductCard };
