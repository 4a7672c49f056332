import { load, type CheerioAPI } from 'cheerio';
import type { RetailerOffer } from '../types';
import { parsePrice, wasPriceField } from '../lib/price';
import { absoluteUrl, cleanText, looksLikePrescription, saysNoResults, stockFromText } from '../lib/markers';
import { parseFailed } from '../lib/connector-kit';
import { cnkFromFarmalineId, extractInstantSearchHits, hitToOffer } from './farmaline.hits';
import { normaliseCnk } from '@pharmaradar/shared/cnk';

// Order of trust: a product page (exact CNK/EAN hits may land there), the embedded Algolia JSON, then
// the data-qa-id markup. Tailwind class strings are avoided on purpose: they change with every release.

export function parseSearchPage(html: string, baseUrl: string, pageUrl?: string): RetailerOffer[] {
  const $ = load(html);
  if ($('h1[data-qa-id="product-title"]').length) return [parseProductPage($, baseUrl, pageUrl)];

  const block = extractInstantSearchHits(
    $('script')
      .map((_, el) => $(el).text())
      .get(),
  );
  if (block) {
    if (block.hits.length === 0) return [];
    return requireSome(
      block.hits.map((hit) => hitToOffer(hit, baseUrl)),
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
    url: absoluteUrl(href, baseUrl),
    image: absoluteUrl(img.attr('src') ?? img.attr('data-src'), baseUrl),
    inStock: status ? stockFromText(status) : null,
    ...wasPriceField(parsePrice(cleanText(entry.find('span.line-through').first().text())), price),
    prescription: entry.find('[data-qa-id="prescription-badge"]').length > 0 || looksLikePrescription(entry.text()),
  };
}

function parseProductPage($: CheerioAPI, baseUrl: string, pageUrl?: string): RetailerOffer {
  const name = cleanText($('h1[data-qa-id="product-title"]').first().text());
  const price = parsePrice(cleanText($('[data-qa-id="product-page-variant-details__display-price"]').first().text()));
  if (!name || price === null) throw parseFailed('farmaline', 'product page without a readable name or price');
  const canonical = $('link[rel="canonical"]').attr('href');
  const codeText = $('dt')
    .filter((_, el) => /productcode|code produit|product code/i.test($(el).text()))
    .next('dd')
    .text();
  // The FR page also lists the bare CNK, sometimes without its leading zero.
  const cnkText = $('dt')
    .filter((_, el) => /^cnk$/i.test(cleanText($(el).text())))
    .next('dd')
    .text();
  const img = $('button[data-qa-id^="product-image"] img, [data-qa-id="product-image"] img').first();
  const brand = $('dt')
    .filter((_, el) => /^(merk|marque|brand)$/i.test(cleanText($(el).text())))
    .next('dd')
    .text();
  const status = cleanText($('[data-qa-id="product-status-qa-id"]').text());
  return {
    retailer: 'farmaline',
    name,
    brand: cleanText(brand) || null,
    cnk:
      cnkFromFarmalineId(codeText) ??
      normaliseCnk(cnkText) ??
      cnkFromFarmalineId(canonical) ??
      cnkFromFarmalineId(pageUrl),
    price,
    currency: 'EUR',
    url: absoluteUrl(canonical ?? pageUrl, baseUrl),
    image: absoluteUrl(img.attr('src'), baseUrl),
    inStock: status ? stockFromText(status) : null,
    ...wasPriceField(parsePrice(cleanText($('[data-qa-id="product-old-price"]').first().text())), price),
    // Only the buy box is read for the notice: leaflet text further down may mention prescriptions.
    prescription:
      $('[data-qa-id="prescription-badge"]').length > 0 ||
      looksLikePrescription($('[data-qa-id^="product-page-variant-details"]').text()),
  };
}
