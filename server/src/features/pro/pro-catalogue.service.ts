import type { Locale } from '@pharmaradar/shared/locales';
import type { ProCatalogueResponse, ProOfficial } from '@pharmaradar/shared/pro-catalogue.schema';
import type { ProductKind } from '@pharmaradar/shared/vat-rule';
import type { CatalogueLookup, OfficialEntry } from '../../lib/catalogue-lookup';

// What the Pro tool is told of the official catalogue per CNK (docs/decisions/161): the reason a pack is
// never priced and its official name and pack, so the device can flag an import and keep it offline.

// Non-medicinal commercial status S is "withdrawn": the same flag as a pack no longer marketed.
const WITHDRAWN_NON_MEDICINAL = new Set(['S']);

/** The official name and pack of a catalogue entry, or null for a CNK it does not know. */
export function officialOf(entry: OfficialEntry | null): ProOfficial | null {
  if (!entry) return null;
  if (entry.kind === 'nonmedicinal') {
    return {
      name: entry.name,
      packName: null,
      pack: null,
      marketed: !WITHDRAWN_NON_MEDICINAL.has(entry.commercialStatus),
    };
  }
  return { name: entry.name, packName: entry.packName, pack: entry.pack, marketed: entry.marketed };
}

/**
 * The product kind that decides a line's VAT when the pharmacist gave none (docs/decisions/215): a pack
 * of SAM's medicines (AMPP) is a medicine, an entry of its NONMEDICINAL file is not; a CNK in neither
 * has no kind, even when a shop sells it (the pharmacist sets its VAT).
 */
function kindOf(entry: OfficialEntry | null): ProductKind | null {
  if (!entry) return null;
  return entry.kind === 'medicine' ? 'medicine' : 'non-medicinal';
}

/** POST /api/pro/catalogue: each CNK's verdict and names; no catalogue imported: none known, no error. */
export function catalogueFacts(
  catalogue: Pick<CatalogueLookup, 'verdict' | 'byCnk' | 'version'>,
  cnks: readonly string[],
  lang: Locale,
): ProCatalogueResponse {
  const version = catalogue.version();
  if (!version) return { catalogue: null, facts: [] };
  return {
    catalogue: { version: version.version, referenceDate: version.referenceDate },
    facts: cnks.map((cnk) => {
      const verdict = catalogue.verdict(cnk);
      const entry = catalogue.byCnk(cnk, lang);
      return {
        cnk,
        known: verdict.offer !== null,
        kind: kindOf(entry),
        exclusion: verdict.offer === false ? verdict.reason : null,
        official: officialOf(entry),
      };
    }),
  };
}
