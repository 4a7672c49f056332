import { load, type CheerioAPI } from 'cheerio';
import type { RetailerOffer } from '../types';
import { parsePrice, wasPriceField } from '../lib/price';
import { absoluteUrl, cleanText, looksLikePrescription, saysNoResults, stockFromText } from '../lib/markers';
import { parseFailed } from '../lib/connector-kit';
import { normaliseCnk } from '@pharmaradar/shared/cnk';

// Medi-Market (Tailwind markup, RETAILERS.md §4). The only stable hook is the Skeepers review widget
// `div.skeepers_product__stars[data-product-id="{CNK}"]`: each product tile is taken as the nearest
// ancestor of that widget holding an h2, and name/price are read inside that tile only (the Oct 2025
// scraper took the first match on the page, which mixes products up).
// Prescription marker: Rx medicines are reserve-only on the pharmacy shop, so a tile saying
// "sur prescription / réservation uniquement / op voorschrift" (or carrying data-prescription) is Rx.

const WIDGET = 'div.skeepers_product__stars[data-product-id]';
const PRICE = 'span.font-secondary.text-secondary';

export function parseSearchPage(html: string, baseUrl: string): RetailerOffer[] {
  const $ = load(html);
  const widgets = $(WIDGET);
  if (widgets.length === 0) {
    if ($('[data-testid="search-no-results"]').length || saysNoResults(cleanText($('main').text() || $('body').text())))
      return [];
    throw parseFailed('medimarket', 'no product tiles and no "no results" notice');
  }
  const offers = widgets.map((_, el) => tileToOffer($, $(el), baseUrl)).get() as (RetailerOffer | null)[];
  const found = dedupe(offers.filter((o): o is RetailerOffer => o !== null));
  if (found.length === 0) throw parseFailed('medimarket', 'no tile with a name and a readable price');
  return found;
}

function tileToOffer($: CheerioAPI, widget: ReturnType<CheerioAPI>, baseUrl: string): RetailerOffer | null {
  const tile = widget
    .parents()
    .filter((_, el) => $(el).find('h2').length > 0)
    .first();
  if (!tile.length) return null;
  // Reaching a container of several products means this widget sits outside any tile.
  const ids = new Set(
    tile
      .find(WIDGET)
      .map((_, el) => normaliseCnk($(el).attr('data-product-id') ?? '') ?? $(el).attr('data-product-id'))
      .get(),
  );
  if (ids.size > 1) return null;
  const name = cleanText(tile.find('h2').first().text());
  const priceEl = tile
    .find(PRICE)
    .filter((_, el) => !$(el).is('.line-through') && $(el).parents('.line-through').length === 0)
    .first();
  const price = parsePrice(cleanText(priceEl.text()));
  if (!name || price === null) return null;
  // The widget id may have lost its leading zero (6 digits): normalised like every CNK.
  const cnk = normaliseCnk(widget.attr('data-product-id') ?? '');
  const link = tile
    .find('a[href]')
    .filter((_, el) => ($(el).attr('href') ?? '#') !== '#')
    .first();
  const img = tile.find('img').first();
  const text = cleanText(tile.text());
  return {
    retailer: 'medimarket',
    name,
    brand: cleanText(tile.find('[data-testid="product-brand"]').first().text()) || null,
    cnk,
    price,
    currency: 'EUR',
    url: absoluteUrl(link.attr('href'), baseUrl),
    image: absoluteUrl(img.attr('src') ?? img.attr('data-src'), baseUrl),
    inStock: stockFromText(cleanText(tile.find('[data-testid="product-stock"]').text()) || text),
    ...wasPriceField(parsePrice(cleanText(tile.find('.line-through').first().text())), price),
    prescription:
      tile.is('[data-prescription="true"]') ||
      tile.find('[data-prescription="true"]').length > 0 ||
      looksLikePrescription(text),
  };
}

/** A tile may carry the widget twice (mobile/desktop variants): keep one offer per CNK. */
function dedupe(offers: RetailerOffer[]): RetailerOffer[] {
  const seen = new Set<string>();
  return offers.filter((o) => {
    const key = o.cnk ?? `${o.name}|${o.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
