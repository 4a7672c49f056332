import { load, type CheerioAPI } from 'cheerio';
import type { RetailerOffer } from '../types';
import { parsePrice, wasPriceField } from '../lib/price';
import { absoluteUrl, cleanText, looksLikePrescription, saysNoResults, stockFromText } from '../lib/markers';
import { parseFailed } from '../lib/connector-kit';
import { normaliseCnk } from '@pharmaradar/shared/cnk';

// Multipharma runs Salesforce SFRA (RETAILERS.md §5): tiles `div.product-tile` inside `div.product[data-pid]`,
// name/link `div.pdp-link a`, machine-readable price `span.sales span.value[content]`; a search that
// matches one product id lands on the product page (`div.product-detail[data-pid]`).
// The pid is taken as the CNK when it is one (6-7 digits, a numeric id may have lost its leading zero,
// normalised to 7 digits; Multipharma keys products by CNK); anything else is left null rather than guessed.
// Prescription marker: Rx medicines can only be reserved (reservation T&Cs), shown as a reservation
// notice / `.badge-prescription` instead of an add-to-cart button.

export function parseSearchPage(html: string, baseUrl: string, pageUrl?: string): RetailerOffer[] {
  const $ = load(html);
  const detail = $('div.product-detail[data-pid], div.product-detail').first();
  if (detail.length) {
    const offer = toOffer(
      $,
      detail,
      detail.find('h1.product-name').first(),
      baseUrl,
      $('link[rel="canonical"]').attr('href') ?? pageUrl,
    );
    if (!offer) throw parseFailed('multipharma', 'product page without a readable name or price');
    return [offer];
  }
  const tiles = $('div.product-tile');
  if (tiles.length === 0) {
    if (
      $('.search-nohits, .no-results, [data-search-no-results]').length ||
      saysNoResults(cleanText($('.search-results, main').text()))
    )
      return [];
    throw parseFailed('multipharma', 'no product tiles and no "no results" notice');
  }
  const offers = tiles
    .map((_, el) => {
      const tile = $(el);
      const link = tile.find('div.pdp-link a').first();
      return toOffer($, tile, link, baseUrl, link.attr('href'));
    })
    .get() as (RetailerOffer | null)[];
  const found = offers.filter((o): o is RetailerOffer => o !== null);
  if (found.length === 0) throw parseFailed('multipharma', 'no tile with a name and a readable price');
  return found;
}

type Node = ReturnType<CheerioAPI>;

function toOffer(
  $: CheerioAPI,
  scope: Node,
  nameEl: Node,
  baseUrl: string,
  href: string | undefined,
): RetailerOffer | null {
  const name = cleanText(nameEl.text());
  const price = readPrice($, scope);
  if (!name || price === null) return null;
  const pid = scope.attr('data-pid') ?? scope.closest('[data-pid]').attr('data-pid') ?? '';
  const img = scope.find('img.tile-image, .primary-images img, img').first();
  const availability = cleanText(scope.find('.availability, .availability-msg').text());
  return {
    retailer: 'multipharma',
    name,
    brand: cleanText(scope.find('.product-brand, .brand-name').first().text()) || null,
    cnk: /^\d+$/.test(pid.trim()) ? normaliseCnk(pid) : null,
    price,
    currency: 'EUR',
    url: absoluteUrl(href, baseUrl),
    image: absoluteUrl(img.attr('src') ?? img.attr('data-src'), baseUrl),
    inStock: availability ? stockFromText(availability) : null,
    ...wasPriceField(readListPrice(scope), price),
    prescription:
      scope.find('.badge-prescription').length > 0 ||
      looksLikePrescription(
        cleanText(scope.find('.product-badges, .prescription-notice, .prices, .cart-and-ipay, .availability').text()),
      ),
  };
}

/** The selling price, never the struck-through list price. */
function readPrice($: CheerioAPI, scope: Node): number | null {
  const sales = scope
    .find('.price .sales .value, .prices .sales .value, .price span.value')
    .filter((_, el) => $(el).parents('.strike-through, .list').length === 0)
    .first();
  const fromContent = parsePrice(sales.attr('content') ?? null);
  if (fromContent !== null) return fromContent;
  return parsePrice(cleanText(sales.text() || scope.find('.price .sales, div.sales, span.sales').first().text()));
}

/** The struck-through list price (`.strike-through .value[content]`), when the tile shows one. */
function readListPrice(scope: Node): number | null {
  const list = scope.find('.strike-through .value, .prices .list .value').first();
  return parsePrice(list.attr('content') ?? null) ?? parsePrice(cleanText(list.text()));
}
