import type { Locale } from '@pharmaradar/shared/locales';
import type { CatalogueVerdict } from '../ports/catalogue-verdict.port';

// The official catalogue as other features read it (docs/decisions/153, 154). The catalogue feature
// implements it; app.ts hands it to the search, product pages, Pro tool and admin, which never import
// the catalogue feature itself (features do not import each other, ADR 016).

/** A medicine pack sold in public pharmacies, as the SAM export describes it on the reference date. */
export interface OfficialPack {
  kind: 'medicine';
  cnk: string;
  /** The AMP's official name in the language asked for, falling back to fr. */
  name: string;
  /** The pack's official name (e.g. "Haldol 5 mg/ml sol. inj. i.m. amp. 5 x 1 ml"), or null. */
  packName: string | null;
  /** PackDisplayValue verbatim ("30", "5 x 1 ml"), or null. */
  pack: string | null;
  /** Canonical GTINs (13 digits when the 14-digit form starts with 0), sorted. */
  gtins: string[];
  /** ATC codes in file order (usually one). */
  atc: string[];
  /** The delivery mode: exact code (`M3 + M4` and `M3+M4` differ) and its description. */
  delivery: { code: string; description: string | null } | null;
  prescription: boolean;
  /** AUTHORIZED, SUSPENDED or REVOKED (the worse of the pack's and the product's); other values verbatim. */
  status: string;
  /** A current Commercialization slice: on the market. */
  marketed: boolean;
  /** The VMP (same substance, strength and form) with its name, or null. */
  vmp: { code: string; name: string } | null;
}

/** A non-medicinal product (NONMEDICINAL file). */
export interface OfficialNonMedicinal {
  kind: 'nonmedicinal';
  cnk: string;
  name: string;
  /** SAM's one-letter category (C cosmetics, D dietetics, G medical device...). */
  category: string;
  producer: string | null;
  /** M on the market, S withdrawn, I banned, O suspended, U emergency kit. */
  commercialStatus: string;
}

export type OfficialEntry = OfficialPack | OfficialNonMedicinal;

/** What an import brought in: packs (of which prescription-only), GTINs, VMPs, other products, bad entries. */
export interface CatalogueCounts {
  packs: number;
  prescription: number;
  gtins: number;
  vmps: number;
  nonmedicinal: number;
  dataErrors: number;
}

/** Public packs under one delivery mode code, and whether that mode was read as free delivery. */
export interface DeliveryModeCount {
  /** The exact code (`M3 + M4` and `M3+M4` differ); null for packs without a delivery mode. */
  code: string | null;
  /** Its description (REF's, else the one written on the pack). */
  description: { fr: string | null; nl: string | null; en: string | null; de: string | null };
  packs: number;
  /** Read as free delivery (not prescription-only), from the description's wording (ADR 154). */
  free: boolean;
}

/**
 * Why an import was refused (ADR 153, 197): invalid (damaged file, missing member, bad XML), too_large
 * (a member or text past its cap), no_pack (no current public pack), no_otc (no pack read as free
 * delivery), shrunk (fewer than half the live packs), busy (another import holds the claim).
 */
export type CatalogueRefusal = 'invalid' | 'too_large' | 'no_pack' | 'no_otc' | 'shrunk' | 'busy';

/** The live import: what /admin shows. */
export interface CatalogueVersion {
  /** Export number (download endpoint's version, else the root's SamId); "demo-…" for the demo export. */
  version: string | null;
  xsdVersion: string | null;
  /** YYYY-MM-DD: the date that chose the current data slices. */
  referenceDate: string;
  source: string;
  demo: boolean;
  importedAt: number;
  importMs: number;
  counts: CatalogueCounts;
  /** The weekly update's last look at the official endpoint (null: never). */
  checkedAt: number | null;
  /** Public packs per delivery mode, most packs first. */
  deliveryModes: DeliveryModeCount[];
  /** The latest refused import, when it came after the live one (the live catalogue stayed). */
  lastRefusal: { at: number; refusal: CatalogueRefusal; message: string } | null;
}

export interface CatalogueLookup {
  /**
   * Changes with every import that is swapped in (0: no catalogue). Anything derived from the catalogue
   * and kept (a cached search answer, a computed list) is stale once this differs from the value it was
   * computed under: read it at the start of the work, keep it beside the result, compare on reuse.
   */
  generation(): number;
  version(): CatalogueVersion | null;
  byCnk(cnk: string, lang: Locale): OfficialEntry | null;
  /** The CNK of a GTIN (any length the shared gtin rules accept), or null; the lowest CNK when several. */
  byGtin(gtin: string): string | null;
  /** The packs of one VMP (equivalents: same substance, strength and form), or null for an unknown code. */
  vmpGroup(code: string, lang: Locale): { code: string; name: string; cnks: string[] } | null;
  verdict(cnk: string): CatalogueVerdict;
}

/**
 * The name the catalogue gives `cnk` in `lang` (fr when it has none in it), or null when it does not
 * know the code: a medicine pack's official pack name, else its product name and pack; a
 * non-medicinal product's name. Whenever the catalogue knows a code, this is the product's name,
 * shown and searched; a shop's title stays its offer's text (a shop or a feed never renames a pack).
 */
export function officialNameOf(catalogue: Pick<CatalogueLookup, 'byCnk'>, cnk: string, lang: Locale): string | null {
  const entry = catalogue.byCnk(cnk, lang);
  if (!entry) return null;
  if (entry.kind === 'nonmedicinal') return entry.name;
  if (entry.packName) return entry.packName;
  return entry.pack ? `${entry.name} ${entry.pack}` : entry.name;
}

/** Every official text a search by name may match for `cnk`, in every language: names, pack names, VMP. */
export function officialTextsOf(
  catalogue: Pick<CatalogueLookup, 'byCnk'>,
  cnk: string,
  langs: readonly Locale[],
): string[] {
  const texts = new Set<string>();
  for (const lang of langs) {
    const entry = catalogue.byCnk(cnk, lang);
    if (!entry) return [];
    texts.add(entry.name);
    if (entry.kind === 'medicine') {
      if (entry.packName) texts.add(entry.packName);
      if (entry.vmp) texts.add(entry.vmp.name);
    }
  }
  return [...texts];
}
