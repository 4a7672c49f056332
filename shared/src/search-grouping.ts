import { MAX_OFFERS_PER_PRODUCT, type QueryKind, type SearchOffer, type SearchProduct } from './search.schema';

// Grouping of retailer offers into products (docs/architecture.md#price-engine). Pure, shared so the web can build the same
// product cards from the retailer events it has received while the server is still waiting for others.

/** Most products one result lists; the rest would only be noise from fuzzy name searches. */
export const MAX_PRODUCTS = 40;

/** 6–7 digits -> 7 digits with leading zeros kept; anything else -> null. */
export function normaliseOfferCnk(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 7) return null;
  return digits.padStart(7, '0');
}

/**
 * Lowercase, accents and punctuation stripped, "500 mg" -> "500mg", "2,5" -> "2.5": pack tokens
 * (strength, count, volume) are kept because they tell different packs apart.
 */
export function normaliseProductName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[µμ]g/g, 'mcg')
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/[^a-z0-9.%]+/g, ' ')
    .replace(/(\d)\s+(mg|g|kg|ml|cl|l|mcg|ui|iu|x|%)(?=\s|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

const cents = (price: number) => Math.round(price * 100);

function compareOffers(a: SearchOffer, b: SearchOffer): number {
  return (
    cents(a.price) - cents(b.price) ||
    Number(b.inStock === true) - Number(a.inStock === true) ||
    a.retailer.localeCompare(b.retailer)
  );
}

/** In stock, or stock unknown (most shops do not say): the offers a price comparison can recommend. */
export const isBuyable = (offer: Pick<SearchOffer, 'inStock'>): boolean => offer.inStock !== false;

function toProduct(offers: SearchOffer[], cnk: string | null): SearchProduct {
  const seen = new Set<string>();
  const unique = [...offers].sort(compareOffers).filter((offer) => {
    const key = `${offer.retailer}|${offer.url ?? offer.name}|${cents(offer.price)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const kept = unique.slice(0, MAX_OFFERS_PER_PRODUCT);
  const firstBuyable = unique.find(isBuyable);
  // Cheaper sold-out offers must not push the cheapest buyable one off the card.
  if (firstBuyable && !kept.includes(firstBuyable)) kept[kept.length - 1] = firstBuyable;
  // The best price is one a shopper can buy: an out-of-stock offer never carries it (ADR 155);
  // when every offer is out of stock none does, and the card says so.
  const buyable = kept.find(isBuyable);
  const lowest = buyable ? cents(buyable.price) : null;
  const flagged = kept.map((offer) => ({ ...offer, best: isBuyable(offer) && cents(offer.price) === lowest }));
  const first = flagged[0];
  return {
    cnk,
    name: first?.name ?? '',
    brand: flagged.find((o) => o.brand)?.brand ?? null,
    image: flagged.find((o) => o.image)?.image ?? null,
    slug: null,
    offers: flagged,
  };
}

/**
 * Groups offers by CNK; offers without a CNK join the CNK product carrying the same normalised
 * name, else form name groups. Products: exact CNK match first, then most offers, then cheapest.
 */
export function groupOffers(
  offers: readonly SearchOffer[],
  query: { kind: QueryKind; value: string },
): SearchProduct[] {
  const byCnk = new Map<string, SearchOffer[]>();
  const cnkByName = new Map<string, string>();
  const byName = new Map<string, SearchOffer[]>();
  const nameOnly: SearchOffer[] = [];

  for (const offer of offers) {
    const cnk = normaliseOfferCnk(offer.cnk);
    if (!cnk) {
      nameOnly.push(offer);
      continue;
    }
    const normalised = { ...offer, cnk };
    byCnk.set(cnk, [...(byCnk.get(cnk) ?? []), normalised]);
    const name = normaliseProductName(offer.name);
    if (name && !cnkByName.has(name)) cnkByName.set(name, cnk);
  }
  for (const offer of nameOnly) {
    const name = normaliseProductName(offer.name);
    const cnk = cnkByName.get(name);
    if (cnk) byCnk.get(cnk)!.push(offer);
    else byName.set(name, [...(byName.get(name) ?? []), offer]);
  }

  const products = [
    ...[...byCnk].map(([cnk, group]) => toProduct(group, cnk)),
    ...[...byName.values()].map((group) => toProduct(group, null)),
  ];
  const target = query.kind === 'cnk' ? normaliseOfferCnk(query.value) : null;
  const bestPrice = (p: SearchProduct) => {
    const offer = p.offers.find(isBuyable);
    return offer ? cents(offer.price) : Number.MAX_SAFE_INTEGER;
  };
  return products
    .filter((p) => p.offers.length > 0)
    .sort(
      (a, b) =>
        Number(b.cnk !== null && b.cnk === target) - Number(a.cnk !== null && a.cnk === target) ||
        b.offers.length - a.offers.length ||
        bestPrice(a) - bestPrice(b) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, MAX_PRODUCTS);
}
