import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@pharmaradar/shared/locales';
import { importFiles } from '../features/catalogue/catalogue-import/catalogue-import';
import { exportMembers, quietLog, testDb } from '../features/catalogue/catalogue-import/sam-export.test-support';
import { createCatalogueRepository } from '../features/catalogue/catalogue.repository';
import { createCatalogueLookup } from '../features/catalogue/catalogue.service';
import { getDemoCatalogue } from './catalogue';
import { demoSamExport } from './demo-sam-export';

// The demo export must look like a real SAM export wherever the real one is known (the SAM v2 export
// XSD 3.4 and xsd=5 fragments, as sam-export.test-support.ts describes them), so that demo mode runs the
// importer on the same shapes as production does.

const URN = 'urn:be:fgov:ehealth:samws:v2:';

/** Every element path of a file, as `local(namespace suffix)/…` from the root, Data slices included. */
function paths(xml: string): Set<string> {
  const parser = new SaxesParser({ xmlns: true });
  const stack: string[] = [];
  const out = new Set<string>();
  parser.on('opentag', (tag) => {
    stack.push(`${tag.local}(${(tag.uri ?? '').replace(URN, '')})`);
    out.add(stack.join('/'));
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  return out;
}

const fileOf = (files: readonly { name: string; text: string }[], kind: string) =>
  files.find((f) => f.name.startsWith(`${kind}-`))!.text;

// Shapes of the real export that the demo export used to leave out.
const REAL_SHAPES: Array<[string, string]> = [
  ['AMP', 'Amp(export)/Data(export)/Company(export)/Data(export)/Denomination(company:submit)'],
  ['AMP', 'Amp(export)/Data(export)/Company(export)/Data(export)/Language(company:submit)'],
  ['AMP', 'Amp(export)/Ampp(export)/Data(export)/DeliveryModus(export)/Description(refdata)/Fr(core)'],
  ['AMP', 'Amp(export)/Ampp(export)/Data(export)/DeliveryModus(export)/Description(refdata)/Nl(core)'],
  ['VMP', 'Vmp(export)/Data(export)/Abbreviation(virtual:common)/Fr(core)'],
  ['VMP', 'Vmp(export)/Data(export)/Abbreviation(virtual:common)/Nl(core)'],
  ['NONMEDICINAL', 'NonMedicinalProduct(export)/Data(export)/Producer(nonmedicinal:common)/Nl(core)'],
];

describe('the demo SAM export', () => {
  it.each(REAL_SHAPES)('has the real export’s %s element %s, as the documented fixture does', (kind, path) => {
    const root = (xml: string) => [...paths(xml)].map((p) => p.slice(p.indexOf('/') + 1));
    expect(root(fileOf(exportMembers(), kind))).toContain(path);
    expect(root(fileOf(demoSamExport().files, kind))).toContain(path);
  });

  it('imported, it names and sizes each demo medicine pack in each reader’s language', () => {
    const repo = createCatalogueRepository(testDb());
    importFiles(repo, 'demo', demoSamExport().files, { referenceDate: '2026-01-01', now: Date.now, log: quietLog });
    const lookup = createCatalogueLookup(repo);
    const medicines = getDemoCatalogue().filter((p) => p.medicine);
    expect(medicines.length).toBeGreaterThan(0);
    for (const product of medicines)
      for (const lang of LOCALES) {
        const entry = lookup.byCnk(product.cnk, lang);
        expect(entry?.kind === 'medicine' && entry.pack, `${product.cnk} in ${lang}`).toBe(product.packSize[lang]);
      }
  });
});
