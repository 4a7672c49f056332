import { load, type CheerioAPI } from 'cheerio';
import type { RetailerOffer } from '../types';
import { parsePrice } from '../lib/price';
import { absoluteUrl, cleanText, looksLikePrescription, stockFromText } from '../lib/markers';
import { parseFailed } from '../lib/connector-kit';
import { structuredFirst } from '../lib/structured-offer';
import { normaliseCnk } from '@pharmaradar/shared/cnk';

// Newpharma (docs/retailers.md#newpharma): tiles `div.product.js-product-row` carry the analytics payload as
// HTML-escaped JSON in `data-google-360` (2025: ecommerce.items[0] with item_name/price in euros;
// older: ecommerce.click.products[0]). The numeric id is Newpharma's own, not a CNK: the CNK is only
// taken from a "CNK" line in the tile when present. No results: `span.gtm-search-no-results`.
// Prescription marker: a reserve-only/prescription notice in the tile (Newpharma lists almost only
// parapharmacy; Rx items are not purchasable).
// Structured data first (docs/decisions/133): the page's JSON-LD Products make the offers, each
// completed by its tile; tiles no Product describes follow.

type Item = { name?: unknown; price?: unknown; brand?: unknown };

export function parseSearchPage(html: string, baseUrl: string): RetailerOffer[] {
  const $ = load(html);
  if ($('span.gtm-search-no-results').length) return [];
  const tiles = $('div.js-product-row[data-google-360]');
  const offers = tiles.map((_, el) => tileToOffer($, $(el), baseUrl)).get() as (RetailerOffer | null)[];
  const found = structuredFirst(
    'newpharma',
    $,
    baseUrl,
    offers.filter((o): o is RetailerOffer => o !== null),
  );
  if (found.length) return found;
  if (tiles.length === 0) throw parseFailed('newpharma', 'no product rows and no "no results" marker');
  throw parseFailed('newpharma', 'no product row with a name and a readable price');
}

function tileToOffer($: CheerioAPI, tile: ReturnType<CheerioAPI>, baseUrl: string): RetailerOffer | null {
  const item = readItem(tile.attr('data-google-360') ?? '');
  const link = tile.find('a.details__title').first();
  const name = cleanText(typeof item?.name === 'string' ? item.name : link.text());
  const price = parsePrice(typeof item?.price === 'number' || typeof item?.price === 'string' ? item.price : null);
  if (!name || price === null) return null;
  const text = cleanText(tile.text());
  const img = tile.find('img').first();
  return {
    retailer: 'newpharma',
    name,
    brand: typeof item?.brand === 'string' && item.brand.trim() ? item.brand.trim() : null,
    cnk: normaliseCnk(/\bCNK\s*:?\s*(\d{6,7})\b/i.exec(text)?.[1] ?? ''),
    price,
    currency: 'EUR',
    url: absoluteUrl(link.attr('href'), baseUrl),
    image: absoluteUrl(img.attr('data-src') ?? img.attr('src'), baseUrl),
    inStock: stockFromText(cleanText(tile.find('.product__availability, .availability').text()) || text),
    prescription: tile.find('.product__prescription').length > 0 || looksLikePrescription(text),
  };
}

function readItem(json: string): Item | null {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  const ecommerce = (data as { ecommerce?: { items?: unknown[]; click?: { products?: unknown[] } } } | null)?.ecommerce;
  const raw = (ecommerce?.items?.[0] ?? ecommerce?.click?.products?.[0]) as Record<string, unknown> | undefined;
  if (!raw || typeof raw !== 'object') return null;
  return { name: raw.item_name ?? raw.name, price: raw.price, brand: raw.item_brand ?? raw.brand };
}
