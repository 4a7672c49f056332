// The Pro pricing engine (docs/architecture.md#pro-pricing). Pure functions, run in the pricing worker and in tests alike.
// Margins are on the selling price excluding VAT; market offers are prices including VAT.
import { roundCents, roundRatio } from './money';
import type {
  Negotiation,
  PriceDelta,
  PricedRow,
  PricingSettings,
  PricingStrategy,
  ProductCard,
  ProductPricingInput,
} from './pricing.schema';

/** docs/architecture.md#pro-pricing: a price within 0.5 % of the lowest offer is "aligned". */
export const ALIGNED_TOLERANCE = 0.005;
// Float noise on ratios like (10.05 - 10) / 10 must not push an exact 0.5 % outside the band.
const EPSILON = 1e-12;

function usableOffers(offers: readonly number[]): number[] {
  return offers.filter((p) => Number.isFinite(p) && p > 0).sort((a, b) => a - b);
}

/** The market reference R: lowest (aggressive), median (balanced) or highest (conservative) offer. */
export function marketReference(offers: readonly number[], strategy: PricingStrategy): number | null {
  const sorted = usableOffers(offers);
  if (sorted.length === 0) return null;
  if (strategy === 'aggressive') return sorted[0]!;
  if (strategy === 'conservative') return sorted[sorted.length - 1]!;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** (price - lowest) / lowest, classed above / below / aligned (within 0.5 %, bounds included). */
export function priceDelta(price: number, lowest: number): PriceDelta {
  const ratio = (price - lowest) / lowest;
  const position = Math.abs(ratio) <= ALIGNED_TOLERANCE + EPSILON ? 'aligned' : ratio > 0 ? 'above' : 'below';
  return { ratio: roundRatio(ratio), position };
}

/**
 * Negotiable discount on the catalogue price c towards the recommended purchase price C*, both as the
 * pharmacist sees them (to the cent): a supplier is asked for the shown figure, not a hidden decimal.
 */
export function negotiation(purchaseExVat: number | null, recommendedPurchaseExVat: number): Negotiation {
  if (purchaseExVat === null) return { kind: 'no_catalogue_price' };
  if (purchaseExVat <= recommendedPurchaseExVat) return { kind: 'already_below_target' };
  return {
    kind: 'discount',
    ratio: roundRatio((purchaseExVat - recommendedPurchaseExVat) / purchaseExVat),
    amountExVat: roundCents(purchaseExVat - recommendedPurchaseExVat),
  };
}

/** `vatPercent` null: the line's VAT is to be set (docs/decisions/215). */
type CardInput = Pick<ProductPricingInput, 'offers'> & { vatPercent: number | null; purchaseExVat?: number | null };

/**
 * The product card of docs/product.md#data for one product under the given settings. Without a VAT
 * only the market's own figures are given: no price or margin is computed from an assumed rate.
 */
export function priceProduct(input: CardInput, settings: PricingSettings): ProductCard {
  const purchase =
    input.purchaseExVat != null && Number.isFinite(input.purchaseExVat) && input.purchaseExVat > 0
      ? input.purchaseExVat
      : null;
  const targetMarginRatio = settings.idealMarginPercent / 100;
  const minimumMarginRatio = settings.minMarginPercent / 100;
  const offers = usableOffers(input.offers);
  const reference = marketReference(offers, settings.strategy);
  if (reference === null || input.vatPercent === null) {
    return {
      status: reference === null ? 'no_offers' : 'no_vat',
      vatPercent: input.vatPercent,
      purchaseExVat: purchase,
      lowestOffer: offers[0] ?? null,
      marketReference: reference,
      sellPriceInclVat: null,
      sellPriceExVat: null,
      recommendedPurchaseExVat: null,
      minimumMarginCeilingExVat: null,
      targetMarginRatio,
      minimumMarginRatio,
      marginAtCatalogueRatio: null,
      delta: null,
      negotiation: null,
      minimumOutOfReach: false,
    };
  }
  const lowest = offers[0]!;
  const sellInclVat = roundCents(reference);
  // Everything below derives from the unrounded P_ex; each shown figure is rounded once, at the end.
  const sellExVat = sellInclVat / (1 + input.vatPercent / 100);
  const recommendedPurchase = roundCents(sellExVat * (1 - targetMarginRatio));
  const minimumCeiling = roundCents(sellExVat * (1 - minimumMarginRatio));
  return {
    status: 'priced',
    vatPercent: input.vatPercent,
    purchaseExVat: purchase,
    lowestOffer: lowest,
    marketReference: reference,
    sellPriceInclVat: sellInclVat,
    sellPriceExVat: roundCents(sellExVat),
    recommendedPurchaseExVat: recommendedPurchase,
    minimumMarginCeilingExVat: minimumCeiling,
    targetMarginRatio,
    minimumMarginRatio,
    marginAtCatalogueRatio: purchase === null ? null : roundRatio((sellExVat - purchase) / sellExVat),
    delta: priceDelta(sellInclVat, lowest),
    negotiation: negotiation(purchase, recommendedPurchase),
    minimumOutOfReach: purchase !== null && purchase > minimumCeiling,
  };
}

/** Cards for a whole group, in the group's order. */
export function priceGroup(products: readonly ProductPricingInput[], settings: PricingSettings): PricedRow[] {
  return products.map((p) => ({ cnk: p.cnk, name: p.name ?? null, card: priceProduct(p, settings) }));
}
