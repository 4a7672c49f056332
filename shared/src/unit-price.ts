// Unit prices read from an offer's name (docs/architecture.md#regulated-facts: per tablet or dose is what pharmacy shoppers
// compare; per 100 ml / 100 g for liquids and creams). The rule everywhere below: a name we cannot
// read with confidence gets no unit price, never a guessed one (ADR 110).

export const UNIT_PRICE_BASES = [
  'tablet',
  'capsule',
  'sachet',
  'dose',
  'ampoule',
  'patch',
  'piece',
  '100ml',
  '100g',
] as const;
export type UnitPriceBase = (typeof UNIT_PRICE_BASES)[number];

/** Price per unit (euros) and what it is per; its zod schema is in unit-price.schema.ts (the home page stays zod-free). */
export type UnitPrice = { amount: number; per: UnitPriceBase };

/** What a pack holds: `count` units of `unit` (ml and g are totals, already multiplied). */
export type Pack = { count: number; unit: Exclude<UnitPriceBase, '100ml' | '100g'> | 'ml' | 'g' };

type CountUnit = Exclude<Pack['unit'], 'ml' | 'g'>;

// Words after the count, accents already stripped, fr / nl / en. Longest first inside each group.
const COUNT_WORDS: Record<CountUnit, string[]> = {
  tablet: [
    'comprimes',
    'comprime',
    'compr',
    'comp',
    'cpr',
    'cp',
    'tabletten',
    'tablets',
    'tablet',
    'tabl',
    'tabs',
    'tab',
    'bruistabletten',
    'bruistablet',
    'kauwtabletten',
    'kauwtablet',
    'smelttabletten',
    'smelttablet',
    'zuigtabletten',
    'zuigtablet',
    'dragees',
    'pastilles',
    'pastille',
    'lozenges',
    'lozenge',
  ],
  capsule: ['gelules', 'gelule', 'capsules', 'capsule', 'capsulen', 'caps', 'softgels', 'softgel', 'gelcaps'],
  sachet: ['sachets', 'sachet', 'zakjes', 'zakje', 'sticks'],
  dose: ['unidoses', 'unidose', 'unidosissen', 'unidosis', 'doses', 'dose', 'dosissen', 'dosis', 'pulverisations'],
  ampoule: ['ampoules', 'ampoule', 'ampullen', 'ampul', 'vials'],
  patch: ['patchs', 'patches', 'patch', 'pleisters', 'pleister', 'emplatres', 'emplatre', 'plasters', 'plaster'],
  piece: [
    'pieces',
    'piece',
    'stuks',
    'stuk',
    'pcs',
    'lingettes',
    'doekjes',
    'wipes',
    'pansements',
    'compresses',
    'kompressen',
    'gommes',
    'kauwgoms',
    'gums',
  ],
};

// Adjectives that may sit between the count and its unit ("30 effervescent tablets", "30 single doses").
const ADJECTIVES = [
  'effervescents',
  'effervescent',
  'chewable',
  'orodispersible',
  'soft',
  'single',
  'vaginal',
  'chewing',
];

// A solid dose form named without a count: a weight in the same name is the strength ("1 g"), not the pack.
const DOSE_FORM_WORD =
  /\b(comprimes?|tablets?|tabletten|bruistabletten|gelules?|capsules?|sachets?|zakjes|effervescents?|bruis|poudre orale)\b/;

const COUNT_UNIT_BY_WORD = new Map<string, CountUnit>(
  Object.entries(COUNT_WORDS).flatMap(([unit, words]) => words.map((w) => [w, unit as CountUnit] as const)),
);
const countWords = [...COUNT_UNIT_BY_WORD.keys()].sort((a, b) => b.length - a.length).join('|');

// "2 x 30 comprimés", "30 comprimés", "30+10 comprimés", "30 effervescent tablets"; the word must end there.
const COUNT_RE = new RegExp(
  String.raw`(?<![\d.,/])(?:(\d{1,2})\s*x\s*)?(\d{1,4})(?:(?:\+|\s\+\s)(\d{1,3}))?\s*(?:(?:${ADJECTIVES.join('|')})\s+)?(${countWords})\.?(?![a-z])`,
  'g',
);

// Retailers' short form with the count last: "Dafalgan Forte 1 g comp. 40", "Imodium caps 20".
const COUNT_LAST_RE = new RegExp(String.raw`(?<![a-z])(${countWords})\.?\s*(\d{1,4})$`);

// "200 ml", "2,5 l", "3 x 200 ml", "200 ml x 3", "50 g", "1 kg"; never "mg/ml" or "30 mg/5 ml" (a strength).
const MEASURE_RE =
  /(?<![\d.,]|\/\s?)(?:(\d{1,2})\s*x\s*)?(\d{1,4}(?:[.,]\d{1,3})?)\s*(ml|cl|l|liters?|litres?|g|gr|kg)(?![a-z/])(?:\s*x\s*(\d{1,2})(?![\d.,]))?/g;

// "1+1 gratuit", "2+1": the price may be for several packs whose total the name does not state.
const PROMO_RE = /(?<![\d.,])[1-3]\s*\+\s*[1-3](?![\d.,])(?!\s*(?:x\s*)?\d)/;

const MEASURE_FACTOR: Record<string, { unit: 'ml' | 'g'; factor: number }> = {
  ml: { unit: 'ml', factor: 1 },
  cl: { unit: 'ml', factor: 10 },
  l: { unit: 'ml', factor: 1000 },
  liter: { unit: 'ml', factor: 1000 },
  liters: { unit: 'ml', factor: 1000 },
  litre: { unit: 'ml', factor: 1000 },
  litres: { unit: 'ml', factor: 1000 },
  g: { unit: 'g', factor: 1 },
  gr: { unit: 'g', factor: 1 },
  kg: { unit: 'g', factor: 1000 },
};

/**
 * Below this a weight is a strength (paracetamol "1 g") rather than a pack, unless the name says it
 * is a cream or the like (a 2 g tube of cold-sore cream is a pack).
 */
const MIN_PACK_GRAMS = 3;
const TOPICAL_WORD = /\b(cremes?|creams?|gels?|pommades?|zalfs?|ointments?|baumes?|balms?|sticks?|pastes?|pates?)\b/;

function fold(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[×*]/g, 'x')
    .replace(/\s+/g, ' ');
}

/** The pack an offer name describes, or null when it cannot be read with confidence. */
export function parsePack(name: string): Pack | null {
  const text = fold(name);
  if (PROMO_RE.test(text.replace(MEASURE_RE, ' ').replace(COUNT_RE, ' '))) return null;

  const counts = [...text.matchAll(COUNT_RE)].map((m) => {
    const times = m[1] ? Number(m[1]) : 1;
    const count = (Number(m[2]) + (m[3] ? Number(m[3]) : 0)) * times;
    return { count, unit: COUNT_UNIT_BY_WORD.get(m[4]!)! };
  });
  const last = COUNT_LAST_RE.exec(text.trim());
  if (last) counts.push({ count: Number(last[2]), unit: COUNT_UNIT_BY_WORD.get(last[1]!)! });
  if (counts.length > 0) {
    // Two different counts ("30 comprimés + 10 sachets") leave the price per unit ambiguous.
    const [first] = counts;
    if (counts.some((c) => c.unit !== first!.unit || c.count !== first!.count)) return null;
    return first!.count > 0 ? first! : null;
  }

  const measures = [...text.matchAll(MEASURE_RE)].map((m) => {
    const { unit, factor } = MEASURE_FACTOR[m[3]!]!;
    const times = (m[1] ? Number(m[1]) : 1) * (m[4] ? Number(m[4]) : 1);
    return { count: Number(m[2]!.replace(',', '.')) * factor * times, unit };
  });
  if (measures.length !== 1) return null; // none, or "400 ml + 100 ml" whose total is not stated
  const measure = measures[0]!;
  if (measure.count <= 0) return null;
  if (measure.unit === 'g' && DOSE_FORM_WORD.test(text)) return null;
  if (measure.unit === 'g' && measure.count < MIN_PACK_GRAMS && !TOPICAL_WORD.test(text)) return null;
  return { count: Math.round(measure.count * 1000) / 1000, unit: measure.unit };
}

/** Price per unit (or per 100 ml / 100 g) of an offer, from its name; null when the pack is unreadable. */
export function unitPriceOf(price: number, name: string): UnitPrice | null {
  if (!Number.isFinite(price) || price < 0) return null;
  const pack = parsePack(name);
  if (!pack) return null;
  if (pack.unit === 'ml' || pack.unit === 'g') {
    return { amount: roundAmount((price / pack.count) * 100), per: pack.unit === 'ml' ? '100ml' : '100g' };
  }
  return { amount: roundAmount(price / pack.count), per: pack.unit };
}

/** Four decimals: a tablet at 0.1150 € must not round to the same cent as one at 0.1199 €. */
function roundAmount(amount: number): number {
  return Math.round(amount * 10_000) / 10_000;
}
