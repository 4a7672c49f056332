import type { CheerioAPI } from 'cheerio';
import type { RetailerOffer, ShopId } from '../types';
import { absoluteUrl } from './markers';
import { wasPriceField } from './price';
import { pageProducts, type StructuredProduct } from './structured-data';

// How a connector turns the page's JSON-LD Products (structured-data.ts) into offers, the same way
// for every shop: structured data first, the connector's own selectors filling what it lacks
// (docs/decisions/133). A prescription-only status in the data makes a prescription offer whatever the
// markup says; an OTC status never clears a prescription marker of the markup.

type Link = (href: string | null | undefined, baseUrl: string) => string | null;

export function gtinField(gtin: string | null | undefined): { gtin?: string } {
  return gtin ? { gtin } : {};
}

/**
 * What only the data states of an offer a connector builds field by field from the data and its
 * markup: the former price (the data's first, else the markup's) and the GTIN.
 */
export function dataOnlyFields(data: StructuredProduct | undefined, price: number, markupWas: number | null) {
  return { ...wasPriceField(data?.wasPrice ?? markupWas, price), ...gtinField(data?.gtin) };
}

/** The offer a JSON-LD Product makes by itself; null without a name and a readable euro price. */
export function dataOffer(
  retailer: ShopId,
  p: StructuredProduct,
  baseUrl: string,
  link: Link = absoluteUrl,
): RetailerOffer | null {
  if (!p.name || p.price === null) return null;
  return {
    retailer,
    name: p.name,
    brand: p.brand,
    cnk: p.cnk,
    price: p.price,
    currency: 'EUR',
    url: link(p.url, baseUrl),
    image: absoluteUrl(p.image, baseUrl),
    inStock: p.inStock,
    prescription: p.prescriptionOnly === true,
    ...dataOnlyFields(p, p.price, null),
  };
}

/** The data's offer, what it does not state taken from the markup's offer of the same product. */
function completedBy(offer: RetailerOffer, markup: RetailerOffer | undefined): RetailerOffer {
  if (!markup) return offer;
  return {
    ...offer,
    brand: offer.brand ?? markup.brand,
    cnk: offer.cnk ?? markup.cnk,
    url: offer.url ?? markup.url,
    image: offer.image ?? markup.image,
    inStock: offer.inStock ?? markup.inStock,
    ...wasPriceField(offer.wasPrice ?? markup.wasPrice ?? null, offer.price),
    prescription: offer.prescription || markup.prescription,
    ...gtinField(offer.gtin ?? markup.gtin),
  };
}

/**
 * Structured data first: one offer per JSON-LD Product with a name and a euro price, each completed
 * by the markup's offer of the same product; the markup's offers no Product describes follow.
 */
export function structuredFirst(
  retailer: ShopId,
  $: CheerioAPI,
  baseUrl: string,
  markup: RetailerOffer[],
  link: Link = absoluteUrl,
): RetailerOffer[] {
  const used = new Set<RetailerOffer>();
  const fromData = pageProducts($)
    .map((p) => dataOffer(retailer, p, baseUrl, link))
    .filter((o): o is RetailerOffer => o !== null)
    .map((offer) => {
      const same = sameProduct(markup, offer, baseUrl);
      if (same) used.add(same);
      return completedBy(offer, same);
    });
  return [...fromData, ...markup.filter((m) => !used.has(m))];
}

/** The candidate describing the same product: the same link, else the same name (case aside). */
export function sameProduct<T extends { url: string | null; name: string | null }>(
  candidates: T[],
  target: { url: string | null | undefined; name: string | null },
  baseUrl: string,
): T | undefined {
  const url = absoluteUrl(target.url, baseUrl);
  const name = target.name?.toLowerCase() || null;
  return (
    candidates.find((c) => url !== null && absoluteUrl(c.url, baseUrl) === url) ??
    candidates.find((c) => name !== null && c.name?.toLowerCase() === name)
  );
}
