import { addDays } from '../features/price-history/price-history.days';
import type { PriceObservationRow } from '../features/price-history/price-history.repository';
import type { PastPrices } from '../features/price-history/price-history.service';
import { getDemoCatalogue } from './catalogue';
import { hashString, seededRandom } from './demo-random';

// Demo mode: a first run has no history yet, so each demo catalogue product gets a made-up but
// stable past (seeded by CNK and shop) the first time its history is read. It ends at the price the
// demo shop shows today, so the live search and the chart agree. It fills the price history's
// PastPrices port (chosen in demo/demo-adapters.ts); the feature labels its answers demo: true.

export type DemoHistoryProduct = {
  cnk: string;
  referencePrice: number;
  offers: Partial<Record<string, { price: number; inStock: boolean }>>;
};

export const DEMO_HISTORY_DAYS = 75;

const cents = (euros: number) => Math.round(euros * 100);
/** Shop-like endings: .x5 / .x9. */
const shopCents = (value: number) => {
  const c = Math.round(value / 5) * 5;
  return c % 10 === 0 ? c - 1 : c;
};

/**
 * One shop's past for one product, oldest first, ending today. A shop showing a 'was' price today
 * (the catalogue's reference price) has shown it for the last 3–10 days; before that, about half the
 * products sold at the reference price (a fair 'was' price) and the other half had a cheaper day in
 * the 30 days before the reduction (a 'was' price the prior-price rule flags).
 */
export function demoShopHistory(
  product: DemoHistoryProduct,
  retailer: string,
  today: string,
  days: number,
  observedAt: number,
): PriceObservationRow[] {
  const offer = product.offers[retailer];
  if (!offer) return [];
  const rand = seededRandom(hashString(`${product.cnk}:${retailer}:history`));
  const now = cents(offer.price);
  const reference = cents(product.referencePrice);
  const was = reference > now ? reference : null;
  const run = was === null ? 0 : 3 + Math.floor(rand() * 8);
  const flagged = was !== null && rand() < 0.5;
  const dipDay = run + 1 + Math.floor(rand() * 25);
  const rows: PriceObservationRow[] = [];
  let level = was ?? now;
  for (let ago = days - 1; ago >= 0; ago--) {
    let price: number;
    let wasCents: number | null = null;
    if (ago < run) {
      price = now;
      wasCents = was;
    } else if (was !== null) {
      price = flagged && ago === dipDay ? shopCents(now * 0.97) : reference;
    } else {
      // A slow walk around today's price, moving every week or so; the last days at today's price.
      if (ago < 4) level = now;
      else if (rand() < 0.15) level = shopCents(now * (0.94 + rand() * 0.12));
      price = level;
    }
    rows.push({
      cnk: product.cnk,
      retailer,
      day: addDays(today, -ago),
      priceCents: price,
      inStock: ago === 0 ? offer.inStock : rand() > 0.05,
      wasCents,
      observedAt,
    });
  }
  return rows;
}

/** The demo catalogue's past for the price history, for the shops searched (RETAILERS). */
export function createDemoPastPrices(retailers: readonly string[]): PastPrices {
  const products = new Map<string, DemoHistoryProduct>(getDemoCatalogue().map((p) => [p.cnk, p]));
  return {
    days: DEMO_HISTORY_DAYS,
    pastOf(cnk, today, days, observedAt) {
      const product = products.get(cnk);
      if (!product) return [];
      return retailers.flatMap((retailer) => demoShopHistory(product, retailer, today, days, observedAt));
    },
  };
}
