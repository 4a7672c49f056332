import type { CheerioAPI } from 'cheerio';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { parseGtin } from '@pharmaradar/shared/gtin';
import { inStockOf } from './availability';
import { parsePrice } from './price';
import { cleanText } from './markers';

// Structured data first (docs/decisions/133): what a shop publishes for machines outlives its markup.
// Two sources are read here for every connector: schema.org JSON-LD (Redcare product pages carry a
// WebPage whose mainEntity is a Product; SFCC pages are said to carry JSON-LD too) and the platforms'
// embedded search JSON (Redcare's server-rendered Algolia InstantSearch answer). Selectors only fill
// what these lack.

/** One schema.org Product as a connector needs it; every field may be missing. */
export type StructuredProduct = {
  name: string | null;
  brand: string | null;
  sku: string | null;
  mpn: string | null;
  /** The canonical GTIN of gtin/gtin8/gtin12/gtin13/gtin14, when valid. */
  gtin: string | null;
  /** A CNK the data itself labels as one (additionalProperty/identifier named "CNK"), 7 digits. */
  cnk: string | null;
  url: string | null;
  image: string | null;
  /** The offer's price in euros (the lowest of an AggregateOffer), null when not readable or not EUR. */
  price: number | null;
  inStock: boolean | null;
};

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

function typesOf(node: Json): string[] {
  return asArray(node['@type'])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
}

function text(v: unknown): string | null {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  return cleanText(v) || null;
}

/** Every JSON-LD block of the page, parsed; a block that is not JSON is skipped. */
export function jsonLdBlocks($: CheerioAPI): unknown[] {
  return $('script[type="application/ld+json"]')
    .map((_, el) => {
      try {
        return [JSON.parse($(el).text()) as unknown];
      } catch {
        return [];
      }
    })
    .get();
}

/**
 * Every Product of the JSON-LD, wherever it sits: top level, arrays, @graph, WebPage.mainEntity,
 * ItemList.itemListElement (ListItem.item). Nodes are visited once, depth-limited.
 */
export function readJsonLdProducts(blocks: unknown[]): StructuredProduct[] {
  const found: StructuredProduct[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > 8) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    const types = typesOf(node);
    if (types.includes('Product') || types.includes('Drug')) {
      found.push(toProduct(node));
      return;
    }
    for (const key of ['@graph', 'mainEntity', 'itemListElement', 'item']) {
      if (key in node) visit(node[key], depth + 1);
    }
  };
  for (const block of blocks) visit(block, 0);
  return found;
}

/** Products of the page's JSON-LD. */
export function pageProducts($: CheerioAPI): StructuredProduct[] {
  return readJsonLdProducts(jsonLdBlocks($));
}

function toProduct(node: Json): StructuredProduct {
  const offer = bestOffer(node.offers);
  const brand = isObject(node.brand) ? text(node.brand.name) : text(node.brand);
  const image = asArray(node.image)
    .map((i) => (isObject(i) ? text(i.url ?? i.contentUrl) : text(i)))
    .find((i) => i !== null);
  const gtin = ['gtin13', 'gtin', 'gtin14', 'gtin12', 'gtin8']
    .map((k) => text(node[k]))
    .map((g) => (g ? parseGtin(g) : null))
    .find((g) => g !== null);
  return {
    name: text(node.name),
    brand,
    sku: text(node.sku),
    mpn: text(node.mpn),
    gtin: gtin ?? null,
    cnk: labelledCnk(node),
    url: text(node.url) ?? (offer ? text(offer.url) : null),
    image: image ?? null,
    price: offer ? offerPrice(offer) : null,
    inStock: offer ? availability(offer.availability) : null,
  };
}

/** A CNK only when the data names it so: additionalProperty/identifier {name|propertyID: "CNK"}. */
function labelledCnk(node: Json): string | null {
  for (const entry of [...asArray(node.additionalProperty), ...asArray(node.identifier)]) {
    if (!isObject(entry)) continue;
    const label = text(entry.propertyID) ?? text(entry.name);
    if (label && /^cnk$/i.test(label)) {
      const cnk = normaliseCnk(text(entry.value) ?? '');
      if (cnk) return cnk;
    }
  }
  return null;
}

/** The Offer to read: the first one in EUR (an AggregateOffer gives its lowPrice). */
function bestOffer(offers: unknown): Json | null {
  const list = asArray(offers).filter(isObject);
  for (const offer of list) {
    if (typesOf(offer).includes('AggregateOffer')) {
      const inner = bestOffer(offer.offers);
      return inner ?? { ...offer, price: offer.lowPrice ?? offer.price };
    }
  }
  return list.find((o) => text(o.priceCurrency) === null || text(o.priceCurrency) === 'EUR') ?? null;
}

function offerPrice(offer: Json): number | null {
  const currency = text(offer.priceCurrency);
  if (currency !== null && currency !== 'EUR') return null;
  const spec = asArray(offer.priceSpecification).find(isObject);
  const raw = offer.price ?? spec?.price;
  // schema.org prices are "12.99" (dot decimal) or numbers; shops sometimes write "12,99".
  if (typeof raw === 'number') return parsePrice(raw);
  if (typeof raw === 'string' && /^\d+(\.\d{1,2})?$/.test(raw.trim())) return parsePrice(Number(raw.trim()));
  return typeof raw === 'string' ? parsePrice(raw) : null;
}

/** schema.org ItemAvailability as a URL or a bare name. */
export function availability(value: unknown): boolean | null {
  return inStockOf(text(value));
}

// --- The platforms' embedded search JSON ---

// Redcare storefronts (Farmaline) server-render Algolia InstantSearch and embed the raw answer as
// window[Symbol.for("InstantSearchInitialResults")] = { "<indexName>": { results: [{ hits, nbHits }] } }.
// The index name varies by locale, so the first key is taken.
const INSTANT_SEARCH = /window\[\s*Symbol\.for\(\s*["']InstantSearchInitialResults["']\s*\)\s*\]\s*=\s*/;

/** The hits of the embedded InstantSearch answer; null when there is none or it is unreadable. */
export function instantSearchHits(scripts: string[]): unknown[] | null {
  for (const script of scripts) {
    const match = INSTANT_SEARCH.exec(script);
    if (!match) continue;
    const json = balancedObject(script, match.index + match[0].length);
    if (!json) return null;
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch {
      return null;
    }
    if (!isObject(data)) return null;
    const first = Object.values(data)[0];
    const results = isObject(first) ? asArray(first.results) : [];
    const hits = isObject(results[0]) ? results[0].hits : undefined;
    return Array.isArray(hits) ? hits : null;
  }
  return null;
}

/** The JSON object literal starting at `from` (string-aware brace matching). */
function balancedObject(source: string, from: number): string | null {
  if (source[from] !== '{') return null;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = from; i < source.length; i++) {
    const ch = source[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return source.slice(from, i + 1);
  }
  return null;
}
