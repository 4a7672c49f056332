// Writes XML in the SAM v2 full-export format (the layout docs/decisions/153 reads): the demo export,
// the bench's full-size export and the tests' small exports are made with it. Each file binds the
// prefixes the real files were seen with, which differ per file, so the importer's namespace matching
// is exercised.

export interface SamTexts {
  fr: string;
  nl?: string;
  en?: string;
}

export interface SamPackSpec {
  cnk: string;
  ampCode: string;
  ctiExtended: string;
  name: SamTexts;
  packName: SamTexts;
  /** PackDisplayValue: plain text (as xsd 5 wrote it) or per language (as xsd 6 does). */
  pack: string | SamTexts;
  gtins: readonly string[];
  deliveryCode: string;
  status: 'AUTHORIZED' | 'SUSPENDED' | 'REVOKED';
  vmpCode: string | null;
  atc: string;
  /** false: the pack's commercialisation ended (a closed slice); on the market when absent. */
  marketed?: boolean;
}

export interface SamVmpSpec {
  code: string;
  name: SamTexts;
  /** The short name real VMPs carry beside the name; the name when absent. */
  abbreviation?: SamTexts;
}

export interface SamNonMedicinalSpec {
  cnk: string;
  name: SamTexts;
  category: string;
  producer: string;
  commercialStatus: string;
}

const URN = 'urn:be:fgov:ehealth:samws:v2';
const FROM = '2020-01-01';
/** The last day of a commercialisation that ended (a pack no longer on the market). */
const ENDED = '2020-12-31';

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Language children with prefix `p` ('' = the default namespace). */
function langs(texts: SamTexts, p: string): string {
  const tag = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<${p}${name}>${escapeXml(value)}</${p}${name}>`;
  return tag('Fr', texts.fr) + tag('Nl', texts.nl) + tag('En', texts.en);
}

const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** REF: delivery modes (code -> description in fr, nl, en). Default namespace refdata, languages ns2. */
export function refXml(modes: ReadonlyArray<{ code: string; description: SamTexts }>, samId: string): string {
  const entries = modes
    .map(
      (m) =>
        `  <DeliveryModus code="${escapeXml(m.code)}"><Description>${langs(m.description, 'ns2:')}</Description></DeliveryModus>\n`,
    )
    .join('');
  return (
    `${HEADER}<ns3:ExportReferences xmlns="${URN}:refdata" xmlns:ns2="${URN}:core" xmlns:ns3="${URN}:export" version="5.0" SamId="${samId}">\n` +
    `${entries}</ns3:ExportReferences>\n`
  );
}

/** VMP: default namespace core, ns2 virtual:common, ns3 export. */
export function vmpXml(vmps: readonly SamVmpSpec[], samId: string): string {
  const body = vmps
    .map(
      (v) =>
        `  <ns3:Vmp code="${v.code}"><ns3:Data from="${FROM}"><ns2:Name>${langs(v.name, '')}</ns2:Name>` +
        `<ns2:Abbreviation>${langs(v.abbreviation ?? v.name, '')}</ns2:Abbreviation></ns3:Data></ns3:Vmp>\n`,
    )
    .join('');
  return (
    `${HEADER}<ns3:ExportVirtualMedicines xmlns="${URN}:core" xmlns:ns2="${URN}:virtual:common" xmlns:ns3="${URN}:export" version="5.0" SamId="${samId}">\n` +
    `${body}</ns3:ExportVirtualMedicines>\n`
  );
}

/** NONMEDICINAL: ns3 export, ns2 nonmedicinal:common, unprefixed language tags (core). */
export function nonMedicinalXml(products: readonly SamNonMedicinalSpec[], samId: string): string {
  const body = products
    .map(
      (p) =>
        `  <ns3:NonMedicinalProduct ProductId="demo" code="${p.cnk}"><ns3:Data from="${FROM}">` +
        `<ns2:Name>${langs(p.name, '')}</ns2:Name><ns2:Category>${p.category}</ns2:Category>` +
        `<ns2:CommercialStatus>${p.commercialStatus}</ns2:CommercialStatus>` +
        // Real producers are written in both languages (the same company name twice).
        `<ns2:Producer><Fr>${escapeXml(p.producer)}</Fr><Nl>${escapeXml(p.producer)}</Nl></ns2:Producer>` +
        `</ns3:Data></ns3:NonMedicinalProduct>\n`,
    )
    .join('');
  return (
    `${HEADER}<ns3:ExportNonMedicinal xmlns="${URN}:core" xmlns:ns2="${URN}:nonmedicinal:common" xmlns:ns3="${URN}:export" version="5.0" SamId="${samId}">\n` +
    `${body}</ns3:ExportNonMedicinal>\n`
  );
}

/** The AMP file's opening: default actual:common, ns2 core, ns4 export, ns5 refdata. */
export function ampHead(samId: string): string {
  return `${HEADER}<ns4:ExportActualMedicines xmlns="${URN}:actual:common" xmlns:ns2="${URN}:core" xmlns:ns3="${URN}:company:submit" xmlns:ns4="${URN}:export" xmlns:ns5="${URN}:refdata" version="5.0" SamId="${samId}">\n`;
}

export const AMP_TAIL = '</ns4:ExportActualMedicines>\n';

/** A pack's delivery mode with its description written under it, as real AMP files carry it. */
function deliveryModus(code: string): string {
  const mode = SAM_DELIVERY_MODES.find((m) => m.code === code);
  const description = mode ? `<ns5:Description>${langs(mode.description, 'ns2:')}</ns5:Description>` : '';
  return `<ns4:DeliveryModus code="${escapeXml(code)}">${description}</ns4:DeliveryModus>`;
}

/** One Amp with one Ampp holding a public CNK (and a hospital code the importer must skip). */
export function ampXml(p: SamPackSpec): string {
  const vmp = p.vmpCode ? ` vmpCode="${p.vmpCode}"` : '';
  const gtins = p.gtins.map((g) => `<FMDProductCode>${g}</FMDProductCode>`).join('');
  return (
    `  <ns4:Amp code="${p.ampCode}"${vmp}>\n` +
    `    <ns4:Data from="${FROM}"><OfficialName>${escapeXml(p.name.fr)}</OfficialName><Status>AUTHORIZED</Status>` +
    `<Name>${langs(p.name, 'ns2:')}</Name><BlackTriangle>false</BlackTriangle><MedicineType>ALLOPATHIC</MedicineType>` +
    `<ns4:Company actorNr="01028"><ns4:Data from="${FROM}"><ns3:Denomination>Demo Pharma</ns3:Denomination>` +
    `<ns3:Language>FR</ns3:Language></ns4:Data></ns4:Company></ns4:Data>\n` +
    `    <ns4:Ampp ctiExtended="${p.ctiExtended}">\n` +
    `      <ns4:Data from="${FROM}"><AuthorisationNr>BE${p.ampCode.slice(3, 9)}</AuthorisationNr><Orphan>false</Orphan>` +
    `<PackDisplayValue>${typeof p.pack === 'string' ? escapeXml(p.pack) : langs(p.pack, 'ns2:')}</PackDisplayValue><Status>${p.status}</Status>` +
    `<PrescriptionNameFamhp>${langs(p.packName, 'ns2:')}</PrescriptionNameFamhp>${gtins}<FMDInScope>false</FMDInScope>` +
    `<ns4:Atc code="${p.atc}"><ns5:Description>${p.atc}</ns5:Description></ns4:Atc>` +
    `${deliveryModus(p.deliveryCode)}</ns4:Data>\n` +
    `      <ns4:Commercialization><ns4:Data from="${FROM}"${p.marketed === false ? ` to="${ENDED}"` : ''}/></ns4:Commercialization>\n` +
    `      <ns4:Dmpp ProductId="demo" deliveryEnvironment="H" code="${p.cnk}" codeType="CNK"><ns4:Data from="${FROM}"><Reimbursable>false</Reimbursable></ns4:Data></ns4:Dmpp>\n` +
    `      <ns4:Dmpp ProductId="demo" deliveryEnvironment="P" code="${p.cnk}" codeType="CNK"><ns4:Data from="${FROM}"><Reimbursable>false</Reimbursable></ns4:Data></ns4:Dmpp>\n` +
    `    </ns4:Ampp>\n  </ns4:Amp>\n`
  );
}

/** The delivery modes a made-up export uses: M1 (prescription) and a free-delivery code. */
export const SAM_DELIVERY_MODES = [
  {
    code: 'M1',
    description: { fr: 'Prescription médicale', nl: 'Medisch voorschrift', en: 'Medical prescription' },
  },
  {
    // The real free-delivery code is not published anywhere we could read; this one is made up.
    code: 'VL',
    description: { fr: 'Délivrance libre', nl: 'Vrije aflevering', en: 'Free delivery' },
  },
] as const;

/** What a small made-up export holds: its medicine packs, VMP groups and non-medicinal products. */
export interface SamExportSpec {
  packs: readonly SamPackSpec[];
  vmps?: readonly SamVmpSpec[];
  nonMedicinal?: readonly SamNonMedicinalSpec[];
}

/**
 * The four files of a small export, AMP first (the importer reads REF before it whatever the order),
 * named `<KIND>-<stamp>.xml` as in a real export; the delivery modes are SAM_DELIVERY_MODES.
 */
export function samExportFiles(spec: SamExportSpec, samId: string, stamp: string): { name: string; text: string }[] {
  return [
    { name: `AMP-${stamp}.xml`, text: ampHead(samId) + spec.packs.map(ampXml).join('') + AMP_TAIL },
    { name: `REF-${stamp}.xml`, text: refXml(SAM_DELIVERY_MODES, samId) },
    { name: `VMP-${stamp}.xml`, text: vmpXml(spec.vmps ?? [], samId) },
    { name: `NONMEDICINAL-${stamp}.xml`, text: nonMedicinalXml(spec.nonMedicinal ?? [], samId) },
  ];
}
