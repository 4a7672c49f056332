import { load, type CheerioAPI } from 'cheerio';

import type { RetailerOffer } from '../types';
import { parsePrice, wasPriceField } from '../lib/price';
import { absoluteUrl, cleanText, looksLikePrescription, saysNoResults, stockFromText } from '../lib/markers';
import { parseFailed } from '../lib/connector-kit';
import { structuredFirst } from '../lib/structured-offer';
import { normaliseCnk } from '@pharmaradar/shared/cnk';

// Medi-Market (Tailwind markup, docs/retailers.md#medi-market). The only stable hook is the Skeepers review widget
// `div.skeepers_product__stars[data-product-id="{CNK}"]`: each product tile is taken as the nearest
// ancestor of that widget holding an h2, and name/price are read inside that tile only (the Oct 2025
// scraper took the first match on the page, which mixes products up).
// Prescription marker: Rx medicines are reserve-only on the pharmacy shop, so a tile saying
// "sur prescription / réservation uniquement / op voorschrift" (or carrying data-prescription) is Rx.
// Structured data first (docs/decisions/133): the page's JSON-LD Products make the offers, each
// completed by its tile (the widget's CNK); tiles no Product describes follow.

/** An element of the page, as cheerio lists them. */
type AnyNode = ReturnType<CheerioAPI>[number];

const WIDGET = 'div.skeepers_product__stars[data-product-id]';
const PRICE = 'span.font-secondary.text-secondary';

export function parseSearchPage(html: string, baseUrl: string): RetailerOffer[] {
  const $ = load(html);
  const widgets = $(WIDGET);
  const tiles = widgets
    .map((_, el) => tileToOffer($, $(el), baseUrl) ?? byDocumentOrder($, el, baseUrl))
    .get() as (RetailerOffer | null)[];
  const found = dedupe(
    structuredFirst(
      'medimarket',
      $,
      baseUrl,
      tiles.filter((o): o is RetailerOffer => o !== null),
    ),
  );
  if (found.length) return found;
  if (widgets.length === 0) {
    if ($('[data-testid="search-no-results"]').length || saysNoResults(cleanText($('main').text() || $('body').text())))
      return [];
    throw parseFailed('medimarket', 'no product tiles and no "no results" notice');
  }
  throw parseFailed('medimarket', 'no tile with a name and a readable price');
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

/**
 * A widget that sits outside any tile of its own (rendered beside it, or in a block of its own): the
 * name is the nearest name heading before the widget (after it, when none comes before), the price
 * the first price after that heading and before the next one, whatever the nesting. This is how the
 * 2025 scraper paired them on the live site (docs/decisions/133).
 */
function byDocumentOrder($: CheerioAPI, widget: AnyNode, baseUrl: string): RetailerOffer | null {
  const ordered = $(`h2, ${PRICE}, ${WIDGET}`).toArray();
  const at = (ordered as AnyNode[]).indexOf(widget);
  const isName = (el: AnyNode) => $(el).is('h2');
  let nameAt = -1;
  for (let i = at - 1; i >= 0 && nameAt < 0; i--) if (isName(ordered[i]!)) nameAt = i;
  for (let i = at + 1; i < ordered.length && nameAt < 0; i++) if (isName(ordered[i]!)) nameAt = i;
  if (nameAt < 0) return null;
  let priceEl: AnyNode | null = null;
  for (let i = nameAt + 1; i < ordered.length && !isName(ordered[i]!); i++) {
    const el = $(ordered[i]!);
    if (el.is(PRICE) && !el.is('.line-through') && el.parents('.line-through').length === 0) {
      priceEl = ordered[i]!;
      break;
    }
  }
  const heading = $(ordered[nameAt]!);
  const name = cleanText(heading.text());
  const price = priceEl ? parsePrice(cleanText($(priceEl).text())) : null;
  const cnk = normaliseCnk($(widget).attr('data-product-id') ?? '');
  if (!name || price === null) return null;
  return {
    retailer: 'medimarket',
    name,
    brand: null,
    cnk,
    price,
    currency: 'EUR',
    url: absoluteUrl(heading.closest('a[href]').attr('href'), baseUrl),
    image: null,
    inStock: null,
    prescription: looksLikePrescription(cleanText(heading.parent().text())),
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
