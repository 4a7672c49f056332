import type { Db } from '../../src/db/database';
import { samExportFiles, type SamExportSpec, type SamPackSpec } from '../../src/demo/sam-export-writer';
import { importFiles } from '../../src/features/catalogue/catalogue-import/catalogue-import';
import {
  ampXml,
  exportMembers,
  NONMEDICINAL_XML,
} from '../../src/features/catalogue/catalogue-import/sam-export.test-support';
import { createCatalogueRepository } from '../../src/features/catalogue/catalogue.repository';
import { createLogger } from '../../src/lib/log';

// Small SAM exports swapped into a running test server's catalogue, as `npm run catalogue:import`
// would (the next request reads it: the lookup follows the live generation), for the API tests of the
// features that read the official catalogue (they may not import the catalogue feature, ADR 016).

export type TestCatalogue = SamExportSpec;

let counter = 0;

/** Imports the export's files into the server's database and swaps them in (reference date: today). */
function importMembers(db: Db, label: string, members: { name: string; text: string }[]): void {
  importFiles(createCatalogueRepository(db), label, members, {
    referenceDate: new Date().toISOString().slice(0, 10),
    now: Date.now,
    log: createLogger({ level: 'silent' }),
    // The tests' exports are small by design (a few packs over the demo's), some prescription-only.
    allowShrink: true,
    acceptNoOtc: true,
  });
}

/** A medicine pack of the test export; `free` (VL) unless `deliveryCode` says otherwise. */
export function testPack(cnk: string, overrides: Partial<SamPackSpec> = {}): SamPackSpec {
  counter += 1;
  const sam = String(800000 + counter);
  return {
    cnk,
    ampCode: `SAM${sam}-00`,
    ctiExtended: `${sam}-01`,
    name: { fr: `Produit ${cnk}`, nl: `Product ${cnk}`, en: `Product ${cnk}` },
    packName: { fr: `Produit ${cnk} 20 comprimés`, nl: `Product ${cnk} 20 tabletten`, en: `Product ${cnk} 20 tablets` },
    pack: '20',
    gtins: [],
    deliveryCode: 'VL',
    status: 'AUTHORIZED',
    vmpCode: null,
    atc: 'N02BE01',
    ...overrides,
  };
}

/** Imports an export written by the test (its packs, VMP groups and non-medicinal products). */
export function importTestCatalogue(db: Db, catalogue: TestCatalogue): void {
  const samId = `test-${Date.now()}-${(counter += 1)}`;
  importMembers(db, 'test export', samExportFiles(catalogue, samId, '1'));
}

/**
 * The CNKs of the catalogue tests' export (sam-export.test-support.ts), by what the catalogue decides:
 * `free` Dafalgan 500 mg 30 (free delivery, authorised, marketed), `suspended` its suspended 100-pack,
 * `prescription` an M3 + M4 pack, `nonMedicinal` a sun cream (marketed), `banned` a banned lotion.
 */
export const SAM_TEST_CNKS = {
  free: '0046128',
  suspended: '0046129',
  prescription: '1111111',
  banned: '4886553',
} as const;

/**
 * Imports the catalogue tests' export, each of its CNKs renamed as `renamed` says (e.g. a demo shop's
 * product becomes the prescription-only pack), and `withdrawn` CNKs added as non-medicinal products
 * withdrawn from the market (commercial status S).
 */
export function importFixtureCatalogue(
  db: Db,
  renamed: Partial<Record<keyof typeof SAM_TEST_CNKS, string>> = {},
  withdrawn: readonly string[] = [],
): void {
  let amp = ampXml();
  let nonMedicinal = NONMEDICINAL_XML;
  for (const [key, cnk] of Object.entries(renamed)) {
    const from = `code="${SAM_TEST_CNKS[key as keyof typeof SAM_TEST_CNKS]}"`;
    amp = amp.replace(from, `code="${cnk}"`);
    nonMedicinal = nonMedicinal.replace(from, `code="${cnk}"`);
  }
  const extra = withdrawn
    .map(
      (cnk) =>
        `<ns3:NonMedicinalProduct ProductId="w${cnk}" code="${cnk}"><ns3:Data from="2024-03-01"><ns2:Name><Fr>Retiré ${cnk}</Fr><Nl>Teruggetrokken ${cnk}</Nl></ns2:Name><ns2:Category>C</ns2:Category><ns2:CommercialStatus>S</ns2:CommercialStatus><ns2:Producer><Fr>X</Fr></ns2:Producer></ns3:Data></ns3:NonMedicinalProduct>`,
    )
    .join('');
  nonMedicinal = nonMedicinal.replace('</ns3:ExportNonMedicinal>', `${extra}</ns3:ExportNonMedicinal>`);
  const members = exportMembers(amp).map((m) => (m.name.startsWith('NONMEDICINAL') ? { ...m, text: nonMedicinal } : m));
  importMembers(db, 'test-export.zip', members);
}
