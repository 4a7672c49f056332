import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { parseGtin } from '@pharmaradar/shared/gtin';
import { inStockOf } from '../../../retailers/lib/availability';
import { parsePrice } from '../../../retailers/lib/price';
import { saleWindowOf, type SaleWindow } from './feed-sale';

// One product of a shop's feed, whatever the format it came in (docs/decisions/170). Field names are
// Google Merchant Center's attribute names; affiliate networks' CSV columns are mapped onto them.

/** The attributes read from a feed (Google's names); anything else in the feed is ignored. */
export const FEED_FIELDS = [
  'id',
  'title',
  'brand',
  'gtin',
  'cnk',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'availability',
  'link',
  'image_link',
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];
export type RawFeedItem = Partial<Record<FeedField, string>>;

export interface FeedItem extends SaleWindow {
  id: string;
  title: string;
  brand: string | null;
  /** Canonical GTIN (13 digits when it fits), or null when absent or not a valid GTIN. */
  gtin: string | null;
  /** 7-digit CNK when the feed carries one (some affiliate feeds do), else null. */
  cnk: string | null;
  /**
   * Euros: the sale price when present and valid (below the price), else the price. A sale applies
   * only inside its window (saleFrom, saleUntil): priceAt tells the price at a given moment.
   */
  price: number;
  /** The regular price when a sale price wins, else null. */
  wasPrice: number | null;
  /** null: the feed does not say. */
  inStock: boolean | null;
  link: string | null;
  image: string | null;
}

const MAX_TEXT = 500;
/**
 * A plain decimal amount, the currency (EUR or €) before or after it or absent: "12.50", "12,50",
 * "12.50 EUR" (Google), "EUR12.50", "1.234,56 €". No sign, exponent, hex, word or second amount.
 */
const PLAIN_AMOUNT = /^(?:(?:eur|€) ?)?\d(?:[\d.,' ]*\d)?(?: ?(?:eur|€))?$/i;

/**
 * A feed's price in euros, or null (the item is skipped) when it is not one plain decimal amount in
 * euros: "1e308 EUR", "Infinity", "0x1F", "-3.00", another currency. The amount itself is read by the
 * shops' price reader (thousands groups, decimal comma), which also refuses 0 and absurd magnitudes.
 */
export function feedPrice(raw: string | undefined): number | null {
  const value = raw?.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (!value || !PLAIN_AMOUNT.test(value)) return null;
  return parsePrice(value);
}

function text(raw: string | undefined): string | null {
  const value = raw?.replace(/\s+/g, ' ').trim();
  return value ? value.slice(0, MAX_TEXT) : null;
}

function httpUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An item read, or why it cannot be offered (said to the operator by the dry run). */
export type FeedItemReading = { item: FeedItem } | { refused: string };

/**
 * The item, or why it cannot be offered: no id, no title, or no price in euros ("24.99USD", "USD24.99"
 * and "24.99 USD" are another currency, never euros). A sale price counts only when it is below the
 * price; with a sale_price_effective_date we cannot read, the sale is left out (the regular price
 * shows): a guess that a shown price too low is worse than a missed discount.
 */
export function readFeedItem(raw: RawFeedItem): FeedItemReading {
  const id = text(raw.id);
  const title = text(raw.title);
  if (!id) return { refused: 'no id' };
  if (!title) return { refused: 'no title' };
  const price = feedPrice(raw.price);
  if (price === null) {
    const given = raw.price?.trim();
    return { refused: given ? `the price "${given.slice(0, 40)}" is not an amount in euros` : 'no price' };
  }
  const sale = feedPrice(raw.sale_price);
  const window = saleWindowOf(raw.sale_price_effective_date);
  const saleWins = sale !== null && sale < price && window !== 'unreadable';
  const gtinDigits = raw.gtin?.trim();
  return {
    item: {
      id,
      title,
      brand: text(raw.brand),
      gtin: gtinDigits ? parseGtin(gtinDigits) : null,
      cnk: raw.cnk ? normaliseCnk(raw.cnk) : null,
      price: saleWins ? sale : price,
      wasPrice: saleWins ? price : null,
      saleFrom: saleWins && window ? window.saleFrom : null,
      saleUntil: saleWins && window ? window.saleUntil : null,
      inStock: inStockOf(raw.availability),
      link: httpUrl(raw.link),
      image: httpUrl(raw.image_link),
    },
  };
}

/** The item, or null when it cannot be offered (no id, no title or no valid price in euros). */
export function toFeedItem(raw: RawFeedItem): FeedItem | null {
  const reading = readFeedItem(raw);
  return 'item' in reading ? reading.item : null;
}
