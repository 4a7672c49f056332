import type { Locale } from '@pharmaradar/shared/locales';
import { parseGtin } from '@pharmaradar/shared/gtin';
import type { CatalogueLookup, CatalogueVersion, OfficialEntry } from '../../lib/catalogue-lookup';
import type { CatalogueVerdict } from '../../ports/catalogue-verdict.port';
import type { CatalogueRepository, PackDbRow } from './catalogue.repository';

// The catalogue as the other features read it (lib/catalogue-lookup.ts) and the policy of
// docs/decisions/154: what it decides about one CNK.

/**
 * The one rule for every official text the catalogue answers (names, pack names, packs, delivery, VMP):
 * the reader's language, French when the catalogue has none in it. Never another language in between:
 * a Dutch reader without a Dutch text reads French, the language the catalogue always has.
 */
function inLanguage<F extends string, R extends Record<`${F}_${Locale}`, string | null>>(
  row: R,
  field: F,
  lang: Locale,
): R[`${F}_fr`] {
  // The French column's type: never null where the catalogue always has French (a product's name).
  return (row[`${field}_${lang}`] ?? row[`${field}_fr`]) as R[`${F}_fr`];
}

const STATUS_REASON: Record<string, 'suspended' | 'revoked'> = { SUSPENDED: 'suspended', REVOKED: 'revoked' };
// Non-medicinal commercial status: I banned, O suspended; M, S (withdrawn), U stay offered.
const NON_MEDICINAL_REASON: Record<string, 'suspended' | 'revoked'> = { I: 'revoked', O: 'suspended' };

/** ADR 154: prescription first, then a status other than AUTHORIZED; unknown codes are the shops' call. */
export function verdictOf(entry: OfficialEntry | null): CatalogueVerdict {
  if (!entry) return { offer: null, reason: 'unknown' };
  if (entry.kind === 'nonmedicinal') {
    const reason = NON_MEDICINAL_REASON[entry.commercialStatus];
    return reason ? { offer: false, reason } : { offer: true, reason: null };
  }
  if (entry.prescription) return { offer: false, reason: 'prescription' };
  if (entry.status !== 'AUTHORIZED') return { offer: false, reason: STATUS_REASON[entry.status] ?? 'not_authorised' };
  return { offer: true, reason: null };
}

function packEntry(repo: CatalogueRepository, row: PackDbRow, lang: Locale): OfficialEntry {
  const delivery = inLanguage(row, 'delivery', lang);
  return {
    kind: 'medicine',
    cnk: row.cnk,
    name: inLanguage(row, 'name', lang),
    packName: inLanguage(row, 'pack_name', lang),
    pack: inLanguage(row, 'pack', lang),
    gtins: repo.gtinsOf(row.cnk),
    atc: row.atc === '' ? [] : row.atc.split(' '),
    delivery: row.delivery_code === null ? null : { code: row.delivery_code, description: delivery },
    prescription: row.prescription === 1,
    status: row.status,
    marketed: row.marketed === 1,
    vmp:
      row.vmp_code === null
        ? null
        : {
            code: row.vmp_code,
            name: inLanguage(row, 'vmp', lang) ?? inLanguage(row, 'name', lang),
          },
  };
}

export function createCatalogueLookup(repo: CatalogueRepository): CatalogueLookup {
  const byCnk = (cnk: string, lang: Locale): OfficialEntry | null => {
    const pack = repo.packByCnk(cnk);
    // A CNK in both files: the AMP pack is the richer, authoritative record (ADR 154).
    if (pack) return packEntry(repo, pack, lang);
    const product = repo.nonMedicinal(cnk);
    if (!product) return null;
    return {
      kind: 'nonmedicinal',
      cnk: product.cnk,
      name: inLanguage(product, 'name', lang),
      category: product.category,
      producer: product.producer,
      commercialStatus: product.commercial_status,
    };
  };
  return {
    generation: () => repo.generation(),
    version: () => catalogueVersion(repo),
    byCnk,
    byGtin: (gtin) => {
      const canonical = parseGtin(gtin);
      return canonical ? repo.cnkOfGtin(canonical) : null;
    },
    vmpGroup: (code, lang) => {
      const vmp = repo.vmp(code);
      const cnks = repo.vmpPacks(code);
      if (!vmp && cnks.length === 0) return null;
      return { code, name: vmp ? inLanguage(vmp, 'name', lang) : code, cnks };
    },
    verdict: (cnk) => verdictOf(byCnk(cnk, 'fr')),
  };
}

export function catalogueVersion(repo: CatalogueRepository): CatalogueVersion | null {
  const s = repo.state();
  if (s.generation === 0 || s.reference_date === null || s.imported_at === null) return null;
  return {
    version: s.version,
    xsdVersion: s.xsd_version,
    referenceDate: s.reference_date,
    source: s.source ?? '',
    demo: s.demo === 1,
    importedAt: s.imported_at,
    importMs: s.import_ms ?? 0,
    counts: {
      packs: s.packs,
      prescription: s.prescription,
      gtins: s.gtins,
      vmps: s.vmps,
      nonmedicinal: s.nonmedicinal,
      dataErrors: s.data_errors,
    },
    checkedAt: s.checked_at,
    deliveryModes: JSON.parse(s.delivery_modes) as CatalogueVersion['deliveryModes'],
    lastRefusal:
      s.refused_at !== null && s.refusal !== null && s.refused_at >= s.imported_at
        ? { at: s.refused_at, refusal: s.refusal, message: s.refusal_message ?? '' }
        : null,
  };
}

/** Today in Europe/Brussels, YYYY-MM-DD: the default reference date. */
export function brusselsDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(ms);
}
