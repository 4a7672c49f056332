// A small SAM export imported into a running test server's database, for the API tests of the features
// that read the official catalogue (they may not import the catalogue feature themselves, ADR 016).
import type { Db } from '../../src/db/database';
import { importFiles } from '../../src/features/catalogue/catalogue-import/catalogue-import';
import {
  ampXml,
  exportMembers,
  NONMEDICINAL_XML,
  quietLog,
} from '../../src/features/catalogue/catalogue-import/sam-export.test-support';
import { createCatalogueRepository } from '../../src/features/catalogue/catalogue.repository';

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
 * withdrawn from the market (commercial status S). Swapped in as a real import is; today's slices.
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
  const today = new Date().toISOString().slice(0, 10);
  importFiles(createCatalogueRepository(db), 'test-export.zip', members, {
    referenceDate: today,
    now: Date.now,
    log: quietLog,
  });
}
