import { load, type CheerioAPI } from 'cheerio';
import type { RetailerOffer } from '../types';
import { parsePrice } from '../lib/price';
import { absoluteUrl, cleanText, looksLikePrescription, saysNoResults, stockFromText } from '../lib/markers';
import { parseFailed } from '../lib/connector-kit';
import { EMPTY_CATALOGUE, type CnkCatalogue } from '../lib/cnk-catalogue';
import { pageProducts, type StructuredProduct } from '../lib/structured-data';
import { dataOnlyFields, sameProduct } from '../lib/structured-offer';
import { normaliseCnk } from '@pharmaradar/shared/cnk';

// Multipharma runs Salesforce SFRA: only its search URL is confirmed, no field selector is, and the
// pages are said to carry JSON-LD. So JSON-LD comes first (docs/decisions/133) and the standard SFRA
// class names (div.product-tile, div.pdp-link a, span.sales span.value[content], div.product-detail)
// fill what it lacks. A search that matches one product may land on its product page.
//
// The CNK rule (docs/decisions/134): an offer carries CNK X only when the page shows X: a labelled
// "CNK" field, a CNK the JSON-LD labels as one, or a GTIN the official catalogue maps to X. The SFRA
// product id (data-pid, JSON-LD sku) is the shop's own: nothing shows it is the CNK, so it never is.
// Prescription marker: Rx medicines can only be reserved, shown as a reservation notice or
// `.badge-prescription` instead of an add-to-cart button.

export type MultipharmaParseOptions = { catalogue?: CnkCatalogue };

type Node = ReturnType<CheerioAPI>;

export function parseSearchPage(
  html: string,
  baseUrl: string,
  pageUrl?: string,
  options: MultipharmaParseOptions = {},
): RetailerOffer[] {
  const $ = load(html);
  const catalogue = options.catalogue ?? EMPTY_CATALOGUE;
  const data = pageProducts($).filter((p) => p.name && p.price !== null);
  const detail = $('div.product-detail').first();
  if (detail.length) {
    const canonical = $('link[rel="canonical"]').attr('href') ?? pageUrl;
    const offer = toOffer($, detail, detail.find('h1.product-name').first(), canonical, data[0], baseUrl, catalogue);
    if (!offer) throw parseFailed('multipharma', 'product page without a readable name or price');
    return [offer];
  }
  const tiles = $('div.product-tile');
  if (data.length > 0 && tiles.length === 0) {
    // Markup changed, structured data intact: the JSON-LD alone makes the offers.
    return data.map((p) =>
      toOffer($, $('<div></div>'), $('<span></span>'), p.url ?? undefined, p, baseUrl, catalogue)!,
    );
  }
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
      const href = link.attr('href');
      const same = sameProduct(data, { url: href, name: cleanText(link.text()) }, baseUrl);
      return toOffer($, tile, link, href, same, baseUrl, catalogue);
    })
    .get() as (RetailerOffer | null)[];
  const found = offers.filter((o): o is RetailerOffer => o !== null);
  if (found.length === 0) throw parseFailed('multipharma', 'no tile with a name and a readable price');
  return found;
}

function toOffer(
  $: CheerioAPI,
  scope: Node,
  nameEl: Node,
  href: string | undefined,
  data: StructuredProduct | undefined,
  baseUrl: string,
  catalogue: CnkCatalogue,
): RetailerOffer | null {
  const name = data?.name ?? cleanText(nameEl.text());
  const price = data?.price ?? readPrice($, scope);
  if (!name || price === null) return null;
  const img = scope.find('img.tile-image, .primary-images img, img').first();
  const availability = cleanText(scope.find('.availability, .availability-msg').text());
  return {
    retailer: 'multipharma',
    name,
    brand: data?.brand ?? (cleanText(scope.find('.product-brand, .brand-name').first().text()) || null),
    cnk: shownCnk($, scope, data, catalogue),
    price,
    currency: 'EUR',
    url: absoluteUrl(data?.url ?? href, baseUrl),
    image: absoluteUrl(data?.image ?? img.attr('src') ?? img.attr('data-src'), baseUrl),
    inStock: data?.inStock ?? (availability ? stockFromText(availability) : null),
    ...dataOnlyFields(data, price, readListPrice(scope)),
    prescription:
      data?.prescriptionOnly === true ||
      scope.find('.badge-prescription').length > 0 ||
      looksLikePrescription(
        cleanText(scope.find('.product-badges, .prescription-notice, .prices, .cart-and-ipay, .availability').text()),
      ),
  };
}

/** The CNK the page shows for this product, or null (never the shop's own product id). */
function shownCnk($: CheerioAPI, scope: Node, data: StructuredProduct | undefined, catalogue: CnkCatalogue) {
  const labelled = scope
    .find('dt, th, .label, .attribute-name')
    .filter((_, el) => /^cnk\s*:?$/i.test(cleanText($(el).text())))
    .first()
    .next()
    .text();
  const inText = /\bCNK\s*[:#]?\s*(\d{6,7})\b/i.exec(cleanText(scope.text()))?.[1];
  return (
    normaliseCnk(cleanText(labelled)) ??
    normaliseCnk(inText ?? '') ??
    data?.cnk ??
    (data?.gtin ? catalogue.cnkOfGtin(data.gtin) : null)
  );
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
