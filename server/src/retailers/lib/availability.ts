// One stock rule for every source that states availability: a shop's JSON-LD (schema.org
// ItemAvailability, as a URL or a bare name) and a product feed (Google Merchant Center's
// availability, affiliate networks' flags). In stock means it can be ordered now and is delivered now:
// a pre-order (Google's "preorder", schema.org PreOrder) is not, so it reads as out of stock, like a
// backorder (docs/decisions/195).

const IN_STOCK = new Set([
  'instock',
  'instoreonly',
  'onlineonly',
  'limitedavailability',
  // schema.org PreSale: "available for ordering and delivery before general availability".
  'presale',
  // Affiliate networks' in_stock flags.
  'available',
  'true',
  '1',
]);
const OUT_OF_STOCK = new Set([
  'outofstock',
  'soldout',
  'discontinued',
  'backorder',
  'madetoorder',
  // Google "preorder", schema.org PreOrder: "delivered when generally available", so not now.
  'preorder',
  'false',
  '0',
]);

/**
 * True (in stock), false (not orderable for delivery now) or null (not said, or a value we do not know)
 * for an availability as JSON-LD or a feed writes it: "https://schema.org/PreOrder", "InStock",
 * "in stock", "in_stock", "out-of-stock", "1".
 */
export function inStockOf(value: unknown): boolean | null {
  if (typeof value !== 'string') return null;
  const name = value
    .trim()
    .replace(/^https?:\/\/schema\.org\//i, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (IN_STOCK.has(name)) return true;
  if (OUT_OF_STOCK.has(name)) return false;
  return null;
}
