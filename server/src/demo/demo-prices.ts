import type { RetailerId } from '../retailers/types';
import type { DemoOffer, DemoProduct } from './catalogue.schema';
import { hashString, seededRandom } from './demo-random';

// Demo shop prices move from day to day (ADR 122), so price alerts really fire in demo mode:
// each shop's price of a product on a given day is its catalogue price moved by up to ±10 %, drawn
// from a generator seeded by (CNK, shop, day). The same day always gives the same prices.

export const DAY_MS = 24 * 3600 * 1000;

/** Day number (UTC days since 1970) of an instant. */
export function demoDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** A shop's price of a product on `day`, with the .x5/.x9 endings the catalogue uses. */
export function demoPriceOn(cnk: string, retailer: RetailerId, base: number, day: number): number {
  const rand = seededRandom(hashString(`${cnk}:${retailer}:day:${day}`));
  const factor = 0.9 + rand() * 0.2;
  let cents = Math.round((base * factor * 100) / 5) * 5;
  if (cents % 10 === 0) cents -= 1;
  return Math.max(49, cents) / 100;
}

/** The product as the shops sell it on `day`. */
export function productOnDay(product: DemoProduct, day: number): DemoProduct {
  const offers: Partial<Record<RetailerId, DemoOffer>> = {};
  for (const [id, offer] of Object.entries(product.offers) as Array<[RetailerId, DemoOffer]>) {
    offers[id] = { ...offer, price: demoPriceOn(product.cnk, id, offer.price, day) };
  }
  return { ...product, offers };
}
