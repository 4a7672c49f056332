import { load, type CheerioAPI } from 'cheerio';
import type { RetailerOffer } from '../types';
import { parsePrice, wasPriceField } from '../lib/price';
import { cleanText, looksLikePrescription, saysNoResults, stockFromText } from '../lib/markers';
import { parseFailed } from '../lib/connector-kit';
import { pageProducts, type StructuredProduct } from '../lib/structured-data';
import { instantSearchHits } from '../lib/instant-search';
import { dataOnlyFields } from '../lib/structured-offer';
import { cnkFromFarmalineId, farmalineOfferUrl, hitToOffer } from './farmaline.hits';
import { normaliseCnk } from '@pharmaradar/shared/cnk';

// Structured data first (docs/decisions/133): a product page's JSON-LD Product, the search page's
// embedded Algolia JSON, and only then the data-qa-id markup, which fills what the data lacks.
// Tailwind class strings are avoided on purpose: they change with every release.

export function parseSearchPage(html: string, baseUrl: string, pageUrl?: string): RetailerOffer[] {
  const $ = load(html);
  const [product] = pageProducts($);
  if (product || $('h1[data-qa-id="product-title"]').length) return [parseProductPage($, product, baseUrl, pageUrl)];

  const hits = instantSearchHits(
    $('script')
      .map((_, el) => $(el).text())
      .get(),
  );
  if (hits) {
    if (hits.length === 0) return [];
    return requireSome(
      hits.map((hit) => hitToOffer(hit, baseUrl)),
      'no hit with a readable price',
    );
  }

  const entries = $('li[data-qa-id="result-list-entry"]');
  if (entries.length) {
    const offers = entries.map((_, el) => markupEntryToOffer($, $(el), baseUrl)).get() as (RetailerOffer | null)[];
    return requireSome(offers, 'no result entry with a name and a readable price');
  }

  if ($('[data-qa-id="search-no-results"]').length || saysNoResults(cleanText($('main').text() || $('body').text())))
    return [];
  throw parseFailed('farmaline', 'no search results structure found');
}

function requireSome(offers: (RetailerOffer | null)[], why: string): RetailerOffer[] {
  const found = offers.filter((o): o is RetailerOffer => o !== null);
  if (found.length === 0) throw parseFailed('farmaline', why);
  return found;
}

function markupEntryToOffer($: CheerioAPI, entry: ReturnType<CheerioAPI>, baseUrl: string): RetailerOffer | null {
  const title = entry.find('a[data-qa-id="serp-result-item-title"]').first();
  const name = cleanText(title.text());
  const price = parsePrice(cleanText(entry.find('[data-qa-id="entry-price"]').first().text()));
  if (!name || price === null) return null;
  const href = title.attr('href');
  const status = cleanText(entry.find('[data-qa-id="product-status-qa-id"]').text());
  const img = entry.find('img').first();
  return {
    retailer: 'farmaline',
    name,
    brand: cleanText(entry.find('[data-qa-id="serp-result-item-brand"]').first().text()) || null,
    cnk: cnkFromFarmalineId(href) ?? cnkFromFarmalineId(entry.find('input[name="product"]').attr('value')),
    price,
    currency: 'EUR',
    url: farmalineOfferUrl(href, baseUrl),
    image: farmalineOfferUrl(img.attr('src') ?? img.attr('data-src'), baseUrl),
    inStock: status ? stockFromText(status) : null,
    ...wasPriceField(parsePrice(cleanText(entry.find('span.line-through').first().text())), price),
    prescription: entry.find('[data-qa-id="prescription-badge"]').length > 0 || looksLikePrescription(entry.text()),
  };
}

type Node = ReturnType<CheerioAPI>;

/**
 * The pack being shown. A product page with several pack sizes lists each in its own
 * li[data-qa-id="product-variants"] with its own price; the one shown holds a div, the others are
 * links. Reading the first price of the page would give another pack's price.
 */
function shownVariant($: CheerioAPI): Node | null {
  const variants = $('li[data-qa-id="product-variants"]');
  if (variants.length === 0) return null;
  const shown = variants.filter((_, el) => $(el).children('div').length > 0).first();
  return shown.length ? shown : null;
}

function parseProductPage(
  $: CheerioAPI,
  data: StructuredProduct | undefined,
  baseUrl: string,
  pageUrl?: string,
): RetailerOffer {
  const variant = shownVariant($);
  const multiPack = $('li[data-qa-id="product-variants"]').length > 0;
  // The buy box of the pack shown: its variant entry, or the page when it sells one pack only.
  const box: Node = variant ?? $.root();
  const markupPrice =
    multiPack && !variant
      ? null
      : parsePrice(cleanText(box.find('[data-qa-id="product-page-variant-details__display-price"]').first().text()));
  const price = data?.price ?? markupPrice;
  const title = data?.name ?? cleanText($('h1[data-qa-id="product-title"]').first().text());
  if (!title || price === null) throw parseFailed('farmaline', 'product page without a readable name or price');
  const pack = cleanText(variant?.find('[data-qa-id="product-variant-package-size"]').first().text());
  const name = pack && !title.toLowerCase().includes(pack.toLowerCase()) ? `${title} ${pack}` : title;
  const canonical = $('link[rel="canonical"]').attr('href');
  const img = $('button[data-qa-id^="product-image"] img, [data-qa-id="product-image"] img').first();
  const status = cleanText(box.find('[data-qa-id="product-status-qa-id"]').first().text());
  const oldPrice =
    multiPack && !variant ? null : parsePrice(cleanText(box.find('[data-qa-id="product-old-price"]').first().text()));
  return {
    retailer: 'farmaline',
    name,
    brand: data?.brand ?? (cleanText(labelled($, /^(merk|marque|brand)$/i)) || null),
    cnk:
      cnkFromFarmalineId(data?.sku) ??
      cnkFromFarmalineId(labelled($, /^(productcode|code produit|product code)$/i)) ??
      normaliseCnk(cleanText(labelled($, /^cnk$/i))) ??
      cnkFromFarmalineId(canonical) ??
      cnkFromFarmalineId(pageUrl),
    price,
    currency: 'EUR',
    url: farmalineOfferUrl(data?.url ?? canonical ?? pageUrl, baseUrl),
    image: farmalineOfferUrl(data?.image ?? img.attr('src'), baseUrl),
    inStock: data?.inStock ?? (status ? stockFromText(status) : null),
    ...dataOnlyFields(data, price, oldPrice),
    // Only the buy box is read for the notice: leaflet text further down may mention prescriptions.
    prescription:
      data?.prescriptionOnly === true ||
      $('[data-qa-id="prescription-badge"]').length > 0 ||
      looksLikePrescription($('[data-qa-id^="product-page-variant-details"]').text()),
  };
}

/** The dd of the attribute list whose dt matches. */
function labelled($: CheerioAPI, label: RegExp): string {
  return $('dt')
    .filter((_, el) => label.test(cleanText($(el).text())))
    .first()
    .next('dd')
    .text();
}
