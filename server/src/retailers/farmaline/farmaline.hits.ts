import { z } from 'zod';
import type { RetailerOffer } from '../types';
import { centsToEuros, wasPriceField } from '../lib/price';
import { absoluteUrl, cleanText } from '../lib/markers';
import { normaliseCnk } from '@pharmaradar/shared/cnk';

// Farmaline (Redcare platform) server-renders Algolia InstantSearch and embeds the raw answer as
// window[Symbol.for("InstantSearchInitialResults")] = { "<indexName>": { results: [{ hits, nbHits }] } }.
// The index name varies by locale, so the first key is taken (RETAILERS.md §3).
const MARKER = /window\[\s*Symbol\.for\(\s*["']InstantSearchInitialResults["']\s*\)\s*\]\s*=\s*/;

const resultsSchema = z.record(
  z.string(),
  z
    .object({
      results: z.array(z.object({ hits: z.array(z.unknown()), nbHits: z.number().optional() }).loose()).min(1),
    })
    .loose(),
);

const hitSchema = z
  .object({
    objectID: z.string().optional(),
    productName: z.string().min(1),
    brand: z.string().nullish(),
    packSize: z.string().nullish(),
    price: z.unknown(),
    // best_offer.strike_price.amount (cents) is the struck-out price; listPrice is only a recommended one.
    best_offer: z
      .object({ strike_price: z.object({ amount: z.unknown() }).loose().nullish() })
      .loose()
      .nullish(),
    deeplink: z.string().nullish(),
    inStock: z.boolean().nullish(),
    image: z.string().nullish(),
    imageUrl: z.string().nullish(),
    images: z.array(z.string()).nullish(),
    // Rx flag names were never observed on a live hit (RETAILERS.md §3 [guess]); any of these set to
    // true, or a not-purchasable/reserve-only hit, marks the item as prescription-only.
    rx: z.boolean().nullish(),
    prescription: z.boolean().nullish(),
    prescriptionOnly: z.boolean().nullish(),
    isRx: z.boolean().nullish(),
    reserveOnly: z.boolean().nullish(),
  })
  .loose();

export type HitsBlock = { hits: unknown[] };

/** The embedded Algolia answer, or null when the page has none (or an unrecognisable one). */
export function extractInstantSearchHits(scripts: string[]): HitsBlock | null {
  for (const script of scripts) {
    const match = MARKER.exec(script);
    if (!match) continue;
    const json = balancedObject(script, match.index + match[0].length);
    if (!json) return null;
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch {
      return null;
    }
    const parsed = resultsSchema.safeParse(data);
    if (!parsed.success) return null;
    const first = Object.values(parsed.data)[0];
    return first ? { hits: first.results[0]!.hits } : null;
  }
  return null;
}

/** `BE0` + CNK; a CNK that lost its leading zero (6 digits) is left-padded like everywhere else. */
export function cnkFromFarmalineId(value: string | null | undefined): string | null {
  return normaliseCnk(/BE0(\d{6,7})(?!\d)/.exec(value ?? '')?.[1] ?? '');
}

/** One offer per hit; a hit without a usable price is skipped (null). */
export function hitToOffer(raw: unknown, baseUrl: string): RetailerOffer | null {
  const parsed = hitSchema.safeParse(raw);
  if (!parsed.success) return null;
  const hit = parsed.data;
  const price = centsToEuros(hit.price);
  if (price === null) return null;
  const name = cleanText(hit.productName);
  const pack = cleanText(hit.packSize);
  const image = hit.image ?? hit.imageUrl ?? hit.images?.[0] ?? null;
  return {
    retailer: 'farmaline',
    name: pack && !name.toLowerCase().includes(pack.toLowerCase()) ? `${name} ${pack}` : name,
    brand: cleanText(hit.brand) || null,
    cnk: cnkFromFarmalineId(hit.objectID) ?? cnkFromFarmalineId(hit.deeplink),
    price,
    currency: 'EUR',
    url: absoluteUrl(hit.deeplink, baseUrl),
    image: absoluteUrl(image, baseUrl),
    inStock: hit.inStock ?? null,
    ...wasPriceField(centsToEuros(hit.best_offer?.strike_price?.amount), price),
    prescription: Boolean(hit.rx || hit.prescription || hit.prescriptionOnly || hit.isRx || hit.reserveOnly),
  };
}

/** The JSON object literal starting at `from` (string-aware brace matching). */
function balancedObject(text: string, from: number): string | null {
  if (text[from] !== '{') return null;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(from, i + 1);
  }
  return null;
}
