import { parsePrice } from './price';
import { isObject, schemaTerm, text, typesOf, values, type Json, type Resolve } from './json-ld';
import { inStockOf } from './availability';

// What a schema.org Product's offers say of its price, read the way Google Search Central documents
// merchant listings ("Product structured data"): the active price is the Offer's `price`, else the
// priceSpecification entry with neither a priceType nor a validForMemberTier; an entry typed
// StrikethroughPrice (or ListPrice, allowed for a transition period) is the former price; a member
// price (validForMemberTier) is never the price. A price is read only in euros: a priceCurrency other
// than EUR (in any case) or a price text carrying another currency (lib/price.ts) gives no price.

export type OfferFacts = {
  /** In euros; null when no offer states a readable euro price. */
  price: number | null;
  /** The struck-through (former) price, in euros, when stated. */
  wasPrice: number | null;
  inStock: boolean | null;
  url: string | null;
};

const NO_FACTS: OfferFacts = { price: null, wasPrice: null, inStock: null, url: null };

/** The facts of the first offer with a readable euro price (an AggregateOffer gives its lowPrice). */
export function readOffers(offers: unknown[], resolve: Resolve): OfferFacts {
  const facts = offers
    .map(resolve)
    .filter(isObject)
    .map((offer) => offerFacts(offer, resolve));
  return facts.find((f) => f.price !== null) ?? facts[0] ?? NO_FACTS;
}

function offerFacts(offer: Json, resolve: Resolve): OfferFacts {
  if (typesOf(offer).includes('AggregateOffer')) {
    const inner = readOffers(values(offer, 'offers', resolve), resolve);
    if (inner.price !== null) return inner;
    return offerFacts({ ...offer, '@type': 'Offer', price: offer.lowPrice ?? offer.price }, resolve);
  }
  const currency = offer.priceCurrency;
  const specs = values(offer, 'priceSpecification', resolve).filter(isObject);
  const amountOf = (role: SpecRole) =>
    specs
      .filter((s) => specRole(s) === role)
      .map((s) => euros(s.price, s.priceCurrency ?? currency))
      .find((p) => p !== null) ?? null;
  const stated = offer.price !== undefined && offer.price !== null;
  return {
    price: stated ? euros(offer.price, currency) : amountOf('active'),
    wasPrice: amountOf('former'),
    inStock: inStockOf(offer.availability),
    url: text(offer.url),
  };
}

type SpecRole = 'active' | 'former' | 'other';

/**
 * A priceSpecification entry's role. Reference prices other than the struck-through one (MSRP, SRP,
 * MinimumAdvertisedPrice, InvoicePrice) and any priceType schema.org does not define are neither
 * the price nor a former price: a recommended price is no reduction (docs/retailers.md#farmaline).
 */
function specRole(spec: Json): SpecRole {
  if (spec.validForMemberTier !== undefined) return 'other';
  const type = schemaTerm(spec.priceType);
  if (type === null || type === 'SalePrice') return 'active';
  return type === 'StrikethroughPrice' || type === 'ListPrice' ? 'former' : 'other';
}

/** ISO 4217 EUR in any case; "€" too (a guess: not an ISO code, but it says euros). No currency: the text decides. */
function isEuro(currency: unknown): boolean {
  const code = text(currency);
  return code === null || /^(eur|€)$/i.test(code);
}

function euros(raw: unknown, currency: unknown): number | null {
  if (!isEuro(currency)) return null;
  if (typeof raw === 'number') return parsePrice(raw);
  if (typeof raw !== 'string') return null;
  // schema.org prices are "12.99" (dot decimal) or numbers; shops sometimes write "12,99 €".
  const trimmed = raw.trim();
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? parsePrice(Number(trimmed)) : parsePrice(trimmed);
}
