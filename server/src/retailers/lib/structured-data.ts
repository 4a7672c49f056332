import type { CheerioAPI } from 'cheerio';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { parseGtin } from '@pharmaradar/shared/gtin';
import { readOffers } from './structured-price';
import {
  asArray,
  isObject,
  jsonLdBlocks,
  referenceResolver,
  schemaTerm,
  text,
  typesOf,
  values,
  type Json,
  type Resolve,
} from './json-ld';

// Structured data first (docs/decisions/133): what a shop publishes for machines outlives its markup.
// The one reader of schema.org JSON-LD for every connector (the platforms' embedded search JSON is
// read by instant-search.ts). Selectors only fill what these lack.

/** One schema.org Product as a connector needs it; every field may be missing. */
export type StructuredProduct = {
  name: string | null;
  brand: string | null;
  sku: string | null;
  mpn: string | null;
  /** The canonical GTIN of gtin/gtin8/gtin12/gtin13/gtin14, when its check digit is right. */
  gtin: string | null;
  /** A CNK the data itself labels as one (additionalProperty/identifier named "CNK"), 7 digits. */
  cnk: string | null;
  url: string | null;
  image: string | null;
  /** The selling price in euros (structured-price.ts), null when not readable or not in euros. */
  price: number | null;
  /** The struck-through former price in euros, when the offer states one. */
  wasPrice: number | null;
  inStock: boolean | null;
  /** schema.org Drug prescriptionStatus: true PrescriptionOnly, false OTC, null when not stated. */
  prescriptionOnly: boolean | null;
};

/**
 * Every Product (or Drug) of the JSON-LD, wherever it sits: top level, arrays, @graph,
 * WebPage.mainEntity, ItemList.itemListElement (ListItem.item), each reference by @id read as the
 * node it names. Each node is read once, depth-limited.
 */
export function readJsonLdProducts(blocks: unknown[]): StructuredProduct[] {
  const resolve = referenceResolver(blocks);
  const seen = new Set<Json>();
  const found: StructuredProduct[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 8) return;
    const node = resolve(value);
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    const types = typesOf(node);
    if (types.includes('Product') || types.includes('Drug')) {
      found.push(toProduct(node, resolve));
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

function toProduct(node: Json, resolve: Resolve): StructuredProduct {
  const offer = readOffers(values(node, 'offers', resolve), resolve);
  const brand = values(node, 'brand', resolve)
    .map((b) => (isObject(b) ? text(b.name) : text(b)))
    .find((b) => b !== null);
  const image = values(node, 'image', resolve)
    .map((i) => (isObject(i) ? text(i.url ?? i.contentUrl) : text(i)))
    .find((i) => i !== null);
  return {
    name: text(node.name),
    brand: brand ?? null,
    sku: text(node.sku),
    mpn: text(node.mpn),
    gtin: productGtin(node),
    cnk: labelledCnk(node, resolve),
    url: text(node.url) ?? offer.url,
    image: image ?? null,
    price: offer.price,
    wasPrice: offer.wasPrice,
    inStock: offer.inStock,
    prescriptionOnly: prescriptionOnly(node.prescriptionStatus),
  };
}

/**
 * The first GTIN property whose check digit is right, in the canonical form (shared/gtin). schema.org
 * also allows a GS1 Digital Link URL (…/01/<GTIN>); its GTIN is read from the path.
 */
function productGtin(node: Json): string | null {
  for (const key of ['gtin13', 'gtin14', 'gtin', 'gtin12', 'gtin8']) {
    for (const raw of asArray(node[key])) {
      const value = text(raw);
      const link = value ? /^https?:\/\/[^/]+\/(?:.*\/)?01\/(\d{8,14})(?:[/?#]|$)/.exec(value) : null;
      const gtin = value ? parseGtin(link ? link[1]! : value) : null;
      if (gtin) return gtin;
    }
  }
  return null;
}

/** schema.org DrugPrescriptionStatus, bare or as a URL; a local classification of another name is not read. */
function prescriptionOnly(status: unknown): boolean | null {
  for (const value of asArray(status)) {
    const term = schemaTerm(value)?.toLowerCase();
    if (term === 'prescriptiononly') return true;
    if (term === 'otc') return false;
  }
  return null;
}

/** A CNK only when the data names it so: additionalProperty/identifier {name|propertyID: "CNK"}. */
function labelledCnk(node: Json, resolve: Resolve): string | null {
  for (const entry of [...values(node, 'additionalProperty', resolve), ...values(node, 'identifier', resolve)]) {
    if (!isObject(entry)) continue;
    const label = text(entry.propertyID) ?? text(entry.name);
    if (label && /^cnk$/i.test(label)) {
      const cnk = normaliseCnk(text(entry.value) ?? '');
      if (cnk) return cnk;
    }
  }
  return null;
}
