import type { Db } from '../../src/db/database';
import {
  AMP_TAIL,
  ampHead,
  ampXml,
  nonMedicinalXml,
  refXml,
  SAM_DELIVERY_MODES,
  vmpXml,
  type SamNonMedicinalSpec,
  type SamPackSpec,
  type SamVmpSpec,
} from '../../src/demo/sam-export-writer';
import { importFiles } from '../../src/features/catalogue/catalogue-import/catalogue-import';
import { createCatalogueRepository } from '../../src/features/catalogue/catalogue.repository';
import { createLogger } from '../../src/lib/log';

// A small SAM export written by the test and swapped into a running server's catalogue, as
// `npm run catalogue:import` would (the next request reads it: the lookup follows the live generation).

export interface TestCatalogue {
  packs: SamPackSpec[];
  vmps?: SamVmpSpec[];
  nonMedicinal?: SamNonMedicinalSpec[];
}

let counter = 0;

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

/** Imports the export into the server's database and swaps it in (reference date: today). */
export function importTestCatalogue(db: Db, catalogue: TestCatalogue): void {
  const samId = `test-${Date.now()}-${(counter += 1)}`;
  importFiles(
    createCatalogueRepository(db),
    'test export',
    [
      { name: 'AMP-1.xml', text: ampHead(samId) + catalogue.packs.map(ampXml).join('') + AMP_TAIL },
      { name: 'REF-1.xml', text: refXml(SAM_DELIVERY_MODES, samId) },
      { name: 'VMP-1.xml', text: vmpXml(catalogue.vmps ?? [], samId) },
      { name: 'NONMEDICINAL-1.xml', text: nonMedicinalXml(catalogue.nonMedicinal ?? [], samId) },
    ],
    { referenceDate: new Date().toISOString().slice(0, 10), now: Date.now, log: createLogger({ level: 'silent' }) },
  );
}
