import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { parseGtin } from '@pharmaradar/shared/gtin';
import type { RetailerId } from '../retailers/types';
import { getDemoCatalogue, type DemoProduct } from './catalogue';

// How the demo shops answer a search: an exact CNK, or every query word matching the start of a word
// of the product (any language, brand included), accents and case ignored: "dafalgan" finds every
// Dafalgan, "1g" finds "1 g".

export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function tokens(text: string): string[] {
  const folded = foldText(text);
  const words = folded.split(/[^a-z0-9]+/).filter(Boolean);
  const joinedUnits = [...folded.matchAll(/(\d+(?:[.,]\d+)?)\s*(mg|g|ml|mcg|ch|%)/g)].map(
    (m) => `${m[1]!.replace(/[.,]/g, '')}${m[2]}`,
  );
  return [...words, ...joinedUnits];
}

const index = new Map<string, string[]>();

function productTokens(p: DemoProduct): string[] {
  let t = index.get(p.cnk);
  if (!t) index.set(p.cnk, (t = tokens(`${p.name.fr} ${p.name.nl} ${p.name.en} ${p.brand}`)));
  return t;
}

/** Products of the shop `retailer` matching q; `filter` narrows further (e.g. one Medi-Market shop). */
export function searchDemoCatalogue(
  q: string,
  retailer: RetailerId,
  filter: (p: DemoProduct) => boolean = () => true,
): DemoProduct[] {
  const sold = getDemoCatalogue().filter((p) => p.offers[retailer] && filter(p));
  const cnk = normaliseCnk(q);
  if (cnk) return sold.filter((p) => p.cnk === cnk);
  // Of the shops, only Farmaline's search knows EANs (docs/retailers.md#farmaline); the others find nothing.
  const gtin = parseGtin(q);
  if (gtin) return retailer === 'farmaline' ? sold.filter((p) => p.ean === gtin) : [];
  const wanted = tokens(q);
  if (wanted.length === 0) return [];
  return sold.filter((p) => {
    const own = productTokens(p);
    return wanted.every((w) => own.some((t) => t.startsWith(w)));
  });
}

/** The name (French unless asked) without its pack size, as shops that show the pack separately do. */
export function baseName(p: DemoProduct, lang: 'fr' | 'nl' = 'fr'): string {
  const suffix = ` ${p.packSize[lang]}`;
  const name = p.name[lang];
  return name.endsWith(suffix) ? name.slice(0, -suffix.length) : name;
}
