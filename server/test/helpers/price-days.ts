import { getDemoCatalogue, type DemoProduct } from '../../src/demo/catalogue';
import { demoPriceOn, DAY_MS } from '../../src/demo/demo-prices';

// Test support (price alerts, the demo clock, push): what the demo shops charge on a given day, to pick days where an alert must fire.

const DEFAULT_SHOPS = ['farmaline', 'medimarket', 'multipharma'] as const;

export function lowestOnDay(product: DemoProduct, day: number): number {
  return Math.min(
    ...DEFAULT_SHOPS.flatMap((id) => {
      const offer = product.offers[id];
      return offer ? [demoPriceOn(product.cnk, id, offer.price, day)] : [];
    }),
  );
}

/** A sellable product and the first day from `fromDay` on whose next day its lowest price drops, then rises. */
export function dropThenRise(fromDay: number): {
  product: DemoProduct;
  day: number;
  before: number;
  after: number;
  later: number;
} {
  const product = getDemoCatalogue().find((p) => !p.prescription && p.offers.farmaline && p.offers.multipharma)!;
  for (let day = fromDay; ; day++) {
    const [before, after, later] = [
      lowestOnDay(product, day),
      lowestOnDay(product, day + 1),
      lowestOnDay(product, day + 2),
    ];
    if (after < before && later > after) return { product, day, before, after, later };
  }
}

/** Noon (UTC) of a demo day. */
export const noonOf = (day: number) => day * DAY_MS + DAY_MS / 2;
