import { canonicalGtin, isValidGtin } from '@pharmaradar/shared/gtin';
import {
  child,
  children,
  currentSlice,
  key,
  NS,
  textOf,
  texts,
  type DataErrors,
  type SamFileHandler,
  type Texts,
  type XmlNode,
} from './sam-xml';

// What PharmaRadar keeps of each SAM entity on the reference date (docs/decisions/153, 154).

export interface PackRow {
  cnk: string;
  ampCode: string;
  ctiExtended: string;
  name: Texts & { fr: string };
  packName: Texts | null;
  pack: { fr: string | null; nl: string | null; en: string | null; de: string | null };
  atc: string[];
  gtins: string[];
  deliveryCode: string | null;
  delivery: Texts | null;
  prescription: boolean;
  status: string;
  marketed: boolean;
  vmpCode: string | null;
}

export interface VmpRow {
  code: string;
  name: Texts & { fr: string };
}

export interface NonMedicinalRow {
  cnk: string;
  name: Texts & { fr: string };
  category: string;
  producer: string | null;
  commercialStatus: string;
}

/** Delivery modes from the REF file: exact code (no whitespace folding) -> description. */
export type DeliveryModes = Map<string, Texts>;

const CNK = /^\d{7}$/;
const STATUS_RANK: Record<string, number> = { AUTHORIZED: 0, SUSPENDED: 1, REVOKED: 2 };

/** The worse of two statuses; an unknown value ranks worst and is kept verbatim. */
export function worseStatus(a: string, b: string | null): string {
  if (b === null) return a;
  return (STATUS_RANK[a] ?? 3) >= (STATUS_RANK[b] ?? 3) ? a : b;
}

const folded = (text: string | null) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Free delivery (not prescription-only) when the description says so in any language; anything else,
 * and no description at all, is prescription-only (docs/decisions/154).
 */
export function isFreeDelivery(description: Texts | null): boolean {
  if (!description) return false;
  return (
    folded(description.fr).includes('delivrance libre') ||
    folded(description.nl).includes('vrije aflevering') ||
    folded(description.en).includes('free delivery')
  );
}

/** Names need a French text: the first language present stands in for a missing one. */
function withFr(value: Texts | null): (Texts & { fr: string }) | null {
  if (!value) return null;
  const fr = value.fr ?? value.nl ?? value.en ?? value.de;
  return fr ? { ...value, fr } : null;
}

export function refHandler(modes: DeliveryModes): SamFileHandler {
  // REF entries sit under the root without slices; the schema puts them in refdata, some readers in export.
  return {
    root: 'ExportReferences',
    wanted: new Set([key(NS.refdata, 'DeliveryModus'), key(NS.export, 'DeliveryModus')]),
    entity(node) {
      const code = node.attrs.code;
      const description = texts(child(node, NS.refdata, 'Description') ?? child(node, NS.export, 'Description'));
      if (code !== undefined && description) modes.set(code, description);
    },
  };
}

export function vmpHandler(date: string, errors: DataErrors, onVmp: (row: VmpRow) => void): SamFileHandler {
  return {
    root: 'ExportVirtualMedicines',
    wanted: new Set([key(NS.export, 'Vmp')]),
    skipped: new Set([key(NS.export, 'VmpComponent'), key(NS.export, 'Vtm'), key(NS.export, 'VmpGroup')]),
    entity(node) {
      const slice = currentSlice(node, date, errors);
      const name = withFr(texts(child(slice, NS.virtual, 'Name')));
      if (slice && node.attrs.code && name) onVmp({ code: node.attrs.code, name });
    },
  };
}

export function nonMedicinalHandler(
  date: string,
  errors: DataErrors,
  onProduct: (row: NonMedicinalRow) => void,
): SamFileHandler {
  return {
    root: 'ExportNonMedicinal',
    wanted: new Set([key(NS.export, 'NonMedicinalProduct')]),
    entity(node) {
      const slice = currentSlice(node, date, errors);
      if (!slice) return;
      const code = (node.attrs.code ?? '').trim();
      const cnk = /^\d{1,7}$/.test(code) ? code.padStart(7, '0') : null;
      const name = withFr(texts(child(slice, NS.nonmedicinal, 'Name')));
      if (!cnk || !name) return errors.report(`non-medicinal product without a CNK or a name (${code})`);
      const producer = texts(child(slice, NS.nonmedicinal, 'Producer'));
      onProduct({
        cnk,
        name,
        category: textOf(child(slice, NS.nonmedicinal, 'Category')) ?? '',
        producer: producer?.fr ?? producer?.nl ?? null,
        commercialStatus: textOf(child(slice, NS.nonmedicinal, 'CommercialStatus')) ?? '',
      });
    },
  };
}

// Large AMP subtrees nothing here reads: skipped while streaming so memory stays flat.
const AMP_SKIPPED = new Set(
  ['AmpComponent', 'AmppComponent', 'SupplyProblem', 'DerogationImport', 'Company', 'DistributorCompany'].map((n) =>
    key(NS.export, n),
  ),
);

export function ampHandler(
  date: string,
  modes: DeliveryModes,
  errors: DataErrors,
  onPack: (row: PackRow) => void,
): SamFileHandler {
  return {
    root: 'ExportActualMedicines',
    wanted: new Set([key(NS.export, 'Amp')]),
    skipped: AMP_SKIPPED,
    entity(amp) {
      const ampData = currentSlice(amp, date, errors);
      if (!ampData) return;
      const name =
        withFr(texts(child(ampData, NS.actual, 'Name'))) ?? withFr(texts(child(ampData, NS.actual, 'OfficialName')));
      if (!name) return errors.report(`AMP ${amp.attrs.code ?? '?'} without a name`);
      for (const ampp of children(amp, NS.export, 'Ampp')) {
        const pack = ampp.attrs.ctiExtended ? readAmpp(ampp, date, modes, errors) : null;
        if (!pack) continue;
        for (const dmpp of children(ampp, NS.export, 'Dmpp')) {
          const { deliveryEnvironment, codeType, code } = dmpp.attrs;
          if (deliveryEnvironment !== 'P' || codeType !== 'CNK') continue;
          if (!currentSlice(dmpp, date, errors)) continue;
          if (!code || !CNK.test(code)) {
            errors.report(`public pack with a malformed CNK "${code ?? ''}"`);
            continue;
          }
          onPack({
            ...pack,
            cnk: code,
            ampCode: amp.attrs.code ?? '',
            ctiExtended: ampp.attrs.ctiExtended!,
            name,
            status: worseStatus(pack.status, textOf(child(ampData, NS.actual, 'Status'))),
            vmpCode: amp.attrs.vmpCode ?? null,
          });
        }
      }
    },
  };
}

type AmppFields = Omit<PackRow, 'cnk' | 'ampCode' | 'ctiExtended' | 'name' | 'vmpCode'>;

function readAmpp(ampp: XmlNode, date: string, modes: DeliveryModes, errors: DataErrors): AmppFields | null {
  const data = currentSlice(ampp, date, errors);
  if (!data) return null;
  const modus = child(data, NS.export, 'DeliveryModus');
  const deliveryCode = modus?.attrs.code ?? null;
  // The REF file's description of that exact code, else the one written inline, else none (prescription).
  const delivery =
    (deliveryCode !== null ? modes.get(deliveryCode) : undefined) ??
    texts(child(modus, NS.refdata, 'Description')) ??
    null;
  const gtins = new Set<string>();
  for (const field of [...children(data, NS.actual, 'FMDProductCode'), ...children(data, NS.actual, 'GTIN')]) {
    const digits = textOf(field) ?? '';
    if (isValidGtin(digits)) gtins.add(canonicalGtin(digits));
    else errors.report(`invalid GTIN "${digits}" on pack ${ampp.attrs.ctiExtended ?? '?'}`);
  }
  const packDisplay = texts(child(data, NS.actual, 'PackDisplayValue'));
  const commercialization = child(ampp, NS.export, 'Commercialization');
  return {
    packName:
      texts(child(data, NS.actual, 'PrescriptionNameFamhp')) ?? texts(child(data, NS.actual, 'AbbreviatedName')),
    pack: {
      fr: packDisplay?.fr ?? packDisplay?.nl ?? null,
      nl: packDisplay?.nl ?? packDisplay?.fr ?? null,
      en: packDisplay?.en ?? null,
      de: packDisplay?.de ?? null,
    },
    atc: children(data, NS.export, 'Atc').flatMap((atc) => (atc.attrs.code ? [atc.attrs.code] : [])),
    gtins: [...gtins].sort(),
    deliveryCode,
    delivery,
    prescription: !isFreeDelivery(delivery),
    status: textOf(child(data, NS.actual, 'Status')) ?? 'UNKNOWN',
    marketed: commercialization !== null && currentSlice(commercialization, date, errors) !== null,
  };
}
