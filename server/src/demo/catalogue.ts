import { gtinCheckDigit } from '@pharmaradar/shared/gtin';
import { luhnCheckDigit } from '@pharmaradar/shared/cnk';
import { type Locale } from '@pharmaradar/shared/locales';
import { RETAILER_IDS, type RetailerId } from '../retailers/types';
import { CATALOGUE_ROWS, type CatalogueRow } from './catalogue.data';
import { demoProductSchema, type DemoOffer, type DemoProduct } from './catalogue.schema';
import { hashString, seededRandom } from './demo-random';

export type { DemoProduct } from './catalogue.schema';

const UNITS: Record<string, Record<Locale, [one: string, many: string]>> = {
  tab: { fr: ['comprimé', 'comprimés'], nl: ['tablet', 'tabletten'], en: ['tablet', 'tablets'] },
  efftab: {
    fr: ['comprimé effervescent', 'comprimés effervescents'],
    nl: ['bruistablet', 'bruistabletten'],
    en: ['effervescent tablet', 'effervescent tablets'],
  },
  chew: {
    fr: ['comprimé à croquer', 'comprimés à croquer'],
    nl: ['kauwtablet', 'kauwtabletten'],
    en: ['chewable tablet', 'chewable tablets'],
  },
  orodisp: {
    fr: ['comprimé orodispersible', 'comprimés orodispersibles'],
    nl: ['smelttablet', 'smelttabletten'],
    en: ['orodispersible tablet', 'orodispersible tablets'],
  },
  caps: { fr: ['gélule', 'gélules'], nl: ['capsule', 'capsules'], en: ['capsule', 'capsules'] },
  sachet: { fr: ['sachet', 'sachets'], nl: ['zakje', 'zakjes'], en: ['sachet', 'sachets'] },
  loz: { fr: ['pastille', 'pastilles'], nl: ['zuigtablet', 'zuigtabletten'], en: ['lozenge', 'lozenges'] },
  ampoule: { fr: ['ampoule', 'ampoules'], nl: ['ampul', 'ampullen'], en: ['ampoule', 'ampoules'] },
  unidose: { fr: ['unidose', 'unidoses'], nl: ['unidosis', 'unidosissen'], en: ['single dose', 'single doses'] },
  pcs: { fr: ['pièce', 'pièces'], nl: ['stuk', 'stuks'], en: ['piece', 'pieces'] },
  plaster: { fr: ['emplâtre', 'emplâtres'], nl: ['pleister', 'pleisters'], en: ['plaster', 'plasters'] },
  patch: { fr: ['patch', 'patchs'], nl: ['pleister', 'pleisters'], en: ['patch', 'patches'] },
  gum: { fr: ['gomme à mâcher', 'gommes à mâcher'], nl: ['kauwgom', 'kauwgoms'], en: ['chewing gum', 'chewing gums'] },
};

function packText(pack: string, locale: Locale): string {
  const [count = '', unit = ''] = pack.split(' ');
  const words = UNITS[unit];
  if (!words) return pack; // ml, g: the same in every language
  return `${count} ${words[locale][count === '1' ? 0 : 1]}`;
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Stable, Luhn-valid CNK derived from the product name; collisions step to the next free code. */
function generatedCnk(key: string, taken: Set<string>): string {
  let body = 1_000_000 + (hashString(key) % 3_800_000); // bodies 100000..479999 like real codes
  for (;;) {
    const six = String(Math.floor(body / 10)).padStart(6, '0');
    const cnk = six + luhnCheckDigit(six);
    if (!taken.has(cnk)) return cnk;
    body += 10;
  }
}

/** Stable EAN-13 under the Belgian GS1 prefix 54, derived from the CNK; collisions step on. */
function generatedEan(cnk: string, taken: Set<string>): string {
  let body = hashString(`ean:${cnk}`) % 10_000_000_000;
  for (;;) {
    const twelve = `54${String(body).padStart(10, '0')}`;
    const ean = twelve + gtinCheckDigit(twelve);
    if (!taken.has(ean)) return ean;
    body = (body + 1) % 10_000_000_000;
  }
}

// How often each shop lacks a product (Medi-Market's shops and Newpharma carry less).
const MISSING_RATE: Record<RetailerId, number> = {
  farmaline: 0.08,
  medimarket: 0.16,
  multipharma: 0.12,
  newpharma: 0.2,
};

/** Shop price: ±3–15 % around the reference (±3–8 % for medicines), 1 in 7 at reference, .x5/.x9 endings. */
function shopPrice(reference: number, medicine: boolean, rand: () => number): number {
  const atReference = rand() < 0.15;
  const spread = medicine ? 0.08 : 0.15;
  const magnitude = 0.03 + rand() * (spread - 0.03);
  const factor = atReference ? 1 : 1 + (rand() < 0.5 ? -magnitude : magnitude);
  let cents = Math.round((reference * factor * 100) / 5) * 5;
  if (cents % 10 === 0) cents -= 1;
  return Math.max(49, cents) / 100;
}

function offersFor(row: CatalogueRow, cnk: string): Partial<Record<RetailerId, DemoOffer>> {
  const offers: Partial<Record<RetailerId, DemoOffer>> = {};
  for (const id of RETAILER_IDS) {
    const rand = seededRandom(hashString(`${cnk}:${id}`));
    const missing = rand() < MISSING_RATE[id] || (id === 'newpharma' && row.rx === true);
    const price = shopPrice(row.price, row.med === true, rand);
    const inStock = rand() > 0.07;
    if (!missing) offers[id] = { price, inStock };
  }
  // Every product is sold somewhere among the default three shops.
  if (!offers.farmaline && !offers.medimarket && !offers.multipharma)
    offers.farmaline = { price: row.price, inStock: true };
  return offers;
}

function build(): DemoProduct[] {
  const taken = new Set(CATALOGUE_ROWS.flatMap((r) => (r.cnk ? [r.cnk] : [])));
  const slugs = new Set<string>();
  const eans = new Set<string>();
  return CATALOGUE_ROWS.map((row) => {
    const packSize = { fr: packText(row.pack, 'fr'), nl: packText(row.pack, 'nl'), en: packText(row.pack, 'en') };
    const name = {
      fr: `${row.n} ${packSize.fr}`,
      nl: `${row.nl ?? row.n} ${packSize.nl}`,
      en: `${row.en ?? row.n} ${packSize.en}`,
    };
    const cnk = row.cnk ?? generatedCnk(name.fr, taken);
    taken.add(cnk);
    let slug = slugify(name.fr);
    if (slugs.has(slug)) slug = `${slug}-${cnk}`;
    slugs.add(slug);
    const ean = generatedEan(cnk, eans);
    eans.add(ean);
    return demoProductSchema.parse({
      cnk,
      ean,
      slug,
      name,
      packSize,
      brand: row.b,
      category: row.cat,
      medicine: row.med === true,
      prescription: row.rx === true,
      referencePrice: row.price,
      image: `/img/${cnk}.svg`,
      offers: offersFor(row, cnk),
    });
  });
}

let cached: DemoProduct[] | null = null;

/** The bundled demo catalogue (validated once). Product landing pages use `slug`; shops use `offers`. */
export function getDemoCatalogue(): DemoProduct[] {
  cached ??= build();
  return cached;
}

export function findDemoProductByCnk(cnk: string): DemoProduct | undefined {
  return getDemoCatalogue().find((p) => p.cnk === cnk);
}

export function findDemoProductByEan(gtin: string): DemoProduct | undefined {
  return getDemoCatalogue().find((p) => p.ean === gtin);
}

export function findDemoProductBySlug(slug: string): DemoProduct | undefined {
  return getDemoCatalogue().find((p) => p.slug === slug);
}
