import { UNIT_PRICE_BASES, type UnitPrice } from '@pharmaradar/shared/unit-price';
import { isBuyable } from '@pharmaradar/shared/search-grouping';
import type { SearchOffer, SearchProduct } from '@pharmaradar/shared/search.schema';

export const PRODUCT_SORTS = ['relevance', 'price', 'unitPrice'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The lowest unit price among a product's offers (offers whose pack could not be read have none). */
export function bestUnitPrice(offers: readonly SearchOffer[]): UnitPrice | null {
  let best: UnitPrice | null = null;
  for (const offer of offers) {
    const unit = offer.unitPrice ?? null;
    if (unit && (!best || unit.amount < best.amount)) best = unit;
  }
  return best;
}

/** The price the card says "from": a product sold out everywhere sorts last (ADR 155). */
const lowestPrice = (p: SearchProduct) => Math.min(...p.offers.filter(isBuyable).map((o) => o.price));

/**
 * Products in the order the user chose. By unit price, a price per tablet and one per 100 ml are not
 * comparable: products are grouped by what the price is per (tablets first), cheapest first in each,
 * and products without a readable pack come last in their original order. Stable otherwise.
 */
export function sortProducts(products: readonly SearchProduct[], sort: ProductSort): SearchProduct[] {
  if (sort === 'relevance') return [...products];
  const indexed = products.map((product, index) => ({ product, index, unit: bestUnitPrice(product.offers) }));
  if (sort === 'price') {
    return indexed
      .sort((a, b) => lowestPrice(a.product) - lowestPrice(b.product) || a.index - b.index)
      .map((x) => x.product);
  }
  const rank = (unit: UnitPrice | null) => (unit ? UNIT_PRICE_BASES.indexOf(unit.per) : UNIT_PRICE_BASES.length);
  return indexed
    .sort((a, b) => rank(a.unit) - rank(b.unit) || (a.unit?.amount ?? 0) - (b.unit?.amount ?? 0) || a.index - b.index)
    .map((x) => x.product);
}
