import type { StarterCatalogue } from '../features/catalogue/catalogue.module';
import { getDemoCatalogue, type DemoProduct } from './catalogue';
import { hashString } from './demo-random';
import { samExportFiles, type SamPackSpec, type SamVmpSpec } from './sam-export-writer';

// Demo mode's official catalogue: a small export in the SAM format made from the demo catalogue, so
// the demo products have official data offline (labelled demo; ADR 145, 153). Prescription-only demo
// products are M1 packs, one pack is suspended, and a few products share a VMP (equivalents).

/** VMPs of the demo: same substance, strength and form. */
const DEMO_VMPS: ReadonlyArray<SamVmpSpec & { products: RegExp }> = [
  {
    code: '900001',
    name: { fr: 'Paracétamol 500 mg comprimé', nl: 'Paracetamol 500 mg tablet', en: 'Paracetamol 500 mg tablet' },
    products: /^(Dafalgan|Perdolan) 500 mg \d+ comprimés$/,
  },
  {
    code: '900002',
    name: { fr: 'Paracétamol 1 g comprimé', nl: 'Paracetamol 1 g tablet', en: 'Paracetamol 1 g tablet' },
    products: /^(Dafalgan Forte|Perdolan Mono|Paracetamol EG) 1 g \d+ comprimés$/,
  },
  {
    code: '900003',
    name: { fr: 'Ibuprofène 400 mg comprimé', nl: 'Ibuprofen 400 mg tablet', en: 'Ibuprofen 400 mg tablet' },
    products: /^(Nurofen Forte|Ibuprofen EG) 400 mg \d+ comprimés$/,
  },
  {
    code: '900004',
    name: { fr: 'Cétirizine 10 mg comprimé', nl: 'Cetirizine 10 mg tablet', en: 'Cetirizine 10 mg tablet' },
    products: /^(Cetirizine EG|Zyrtec) 10 mg \d+ comprimés$/,
  },
];

/** The demo pack whose authorisation is suspended (it stays in a VMP group with others). */
export const DEMO_SUSPENDED = /^Perdolan Mono 1 g /;

// SAM's non-medicinal categories for the demo's (C cosmetics, D dietetics, G medical device, E hygiene).
const NON_MEDICINAL_CATEGORY: Record<string, string> = {
  'vitamins-minerals': 'D',
  sport: 'D',
  baby: 'D',
  'first-aid': 'B',
  'oral-care': 'E',
  'intimate-hygiene': 'E',
  'body-hygiene': 'E',
  'eye-care': 'G',
};

const withoutPack = (name: string, pack: string) =>
  name.endsWith(` ${pack}`) ? name.slice(0, -pack.length - 1) : name;

function packSpec(p: DemoProduct, index: number): SamPackSpec {
  const sam = String(900000 + index);
  return {
    cnk: p.cnk,
    ampCode: `SAM${sam}-00`,
    ctiExtended: `${sam}-01`,
    name: {
      fr: withoutPack(p.name.fr, p.packSize.fr),
      nl: withoutPack(p.name.nl, p.packSize.nl),
      en: withoutPack(p.name.en, p.packSize.en),
    },
    packName: p.name,
    // Per language, as xsd 6 writes it: a Dutch or English reader never sees "comprimés".
    pack: p.packSize,
    gtins: [`0${p.ean}`],
    deliveryCode: p.prescription ? 'M1' : 'VL',
    status: DEMO_SUSPENDED.test(p.name.fr) ? 'SUSPENDED' : 'AUTHORIZED',
    vmpCode: DEMO_VMPS.find((v) => v.products.test(p.name.fr))?.code ?? null,
    atc: 'N02BE01',
  };
}

let made: StarterCatalogue | null = null;

/** The demo export (made once per process). */
export function demoSamExport(): StarterCatalogue {
  if (made) return made;
  const products = getDemoCatalogue();
  const packs = products.filter((p) => p.medicine).map(packSpec);
  const others = products
    .filter((p) => !p.medicine)
    .map((p) => ({
      cnk: p.cnk,
      name: p.name,
      category: NON_MEDICINAL_CATEGORY[p.category] ?? 'C',
      producer: p.brand,
      commercialStatus: 'M',
    }));
  const content = JSON.stringify([packs, others]);
  const samId = `demo-${hashString(content).toString(16)}`;
  const stamp = '1700000000000';
  made = {
    label: 'demo export (made by PharmaRadar)',
    version: samId,
    files: samExportFiles({ packs, vmps: DEMO_VMPS, nonMedicinal: others }, samId, stamp),
  };
  return made;
}
