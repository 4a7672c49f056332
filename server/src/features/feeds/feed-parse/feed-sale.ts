// When a feed's sale price applies: g:sale_price_effective_date, Google Merchant Center's "start/end"
// pair of ISO 8601 date-times (product data specification, sale_price_effective_date:
// "2016-02-24T13:00-0800/2016-02-29T15:30-0800"). The window is stored with the item and judged at
// each answer, so a sale that ends between two imports stops showing when it ends.

/** A sale's window in epoch ms, both ends included; null: open on that side. */
export interface SaleWindow {
  saleFrom: number | null;
  saleUntil: number | null;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Minutes east of UTC of "Z", "+01:00", "+0100", "+01", or null when out of range. */
function offsetMinutes(zone: string): number | null {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 14 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

/**
 * One end of the window in epoch ms, or null when it is not an ISO 8601 date(-time). Guesses, where
 * Google's text leaves it open: no zone reads as UTC; a date without a time is its first minute for
 * the start and its last millisecond for the end (the whole day on sale).
 */
function instant(text: string, end: boolean): number | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => (v === undefined ? 0 : Number(v)));
  const ms = m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0'));
  const dateOnly = m[4] === undefined;
  const zone = m[8] === undefined ? 0 : offsetMinutes(m[8]);
  if (zone === null || month! < 1 || month! > 12 || hour! > 23 || minute! > 59 || second! > 59) return null;
  const at = Date.UTC(year!, month! - 1, day!, hour, minute, second, ms);
  // Date.UTC rolls 31 February over into March: such a date is not one.
  if (new Date(at).getUTCDate() !== day) return null;
  const utc = at - zone * 60_000;
  return dateOnly && end ? utc + 86_400_000 - 1 : utc;
}

/**
 * The window of `raw`: null when the feed gives none (the sale always applies, as Google reads it),
 * 'unreadable' when it gives one we cannot read (not two ISO 8601 ends around one "/", or an end
 * before the start).
 */
export function saleWindowOf(raw: string | undefined): SaleWindow | 'unreadable' | null {
  const value = raw?.trim();
  if (!value) return null;
  const parts = value.split('/');
  if (parts.length !== 2) return 'unreadable';
  const saleFrom = instant(parts[0]!, false);
  const saleUntil = instant(parts[1]!, true);
  if (saleFrom === null || saleUntil === null || saleUntil < saleFrom) return 'unreadable';
  return { saleFrom, saleUntil };
}

/** An offer's price at `now`: its sale price inside the sale's window, else its regular price, with no was-price. */
export function priceAt(
  offer: { price: number; wasPrice: number | null } & SaleWindow,
  now: number,
): { price: number; wasPrice: number | null } {
  if (offer.wasPrice === null) return { price: offer.price, wasPrice: null };
  const started = offer.saleFrom === null || offer.saleFrom <= now;
  const notEnded = offer.saleUntil === null || now <= offer.saleUntil;
  return started && notEnded
    ? { price: offer.price, wasPrice: offer.wasPrice }
    : { price: offer.wasPrice, wasPrice: null };
}
