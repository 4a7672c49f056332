import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database';
import { createCatalogueRepository } from '../catalogue.repository';
import { catalogueVersion, createCatalogueLookup } from '../catalogue.service';
import { demoSamExport } from '../../../demo/demo-sam-export';
import { importExport, type ImportOptions } from './catalogue-import';
import { openExportSource } from './sam-members';
import { exportMembers, quietLog, REF_XML_REWORDED, testDb, writeFolder, writeZip } from './sam-export.test-support';

// What an import must not do to the live catalogue, whatever the export says: take an export in which
// no public pack is free delivery, or one that keeps fewer than half of the live packs, unless told to.
// Fixtures: the SAM v2 export shape (XSD 3.4 / xsd=5 export as documented by SMALS and read by public
// importers), see sam-export.test-support.ts.

const DATE = '2024-06-01';

async function importPath(db: Db, path: string, options: Partial<ImportOptions> = {}) {
  return importExport(createCatalogueRepository(db), await openExportSource(path), {
    referenceDate: DATE,
    now: () => Date.parse('2024-06-01T10:00:00Z'),
    log: quietLog,
    ...options,
  });
}

/** The demo's export (69 packs, a few prescription-only) written as a real ZIP and imported. */
async function liveDemoSized(db: Db) {
  await importPath(db, writeZip([...demoSamExport().files]));
  const lookup = createCatalogueLookup(createCatalogueRepository(db));
  return { lookup, generation: lookup.generation(), before: catalogueVersion(createCatalogueRepository(db))! };
}

describe('an export in which no public pack is free delivery', () => {
  it('is refused, naming the table of delivery modes, and the live catalogue stays', async () => {
    const db = testDb();
    await importPath(db, writeFolder(exportMembers()));
    const lookup = createCatalogueLookup(createCatalogueRepository(db));
    const generation = lookup.generation();
    const reworded = writeZip(exportMembers(undefined, REF_XML_REWORDED));
    const refusal = importPath(db, reworded);
    await expect(refusal).rejects.toThrow(/none of the 5 public packs is free delivery.*import refused/);
    await expect(refusal).rejects.toMatchObject({
      refusal: 'no_otc',
      deliveryModes: expect.arrayContaining([
        {
          code: 'V',
          description: {
            fr: 'Pas de prescription requise',
            nl: 'Geen voorschrift vereist',
            en: 'No prescription required',
            de: null,
          },
          packs: 2,
          free: false,
        },
      ]),
    });
    expect(lookup.generation()).toBe(generation);
    // The OTC medicine is still offered; the refusal is recorded beside the live import.
    expect(lookup.verdict('0046128')).toEqual({ offer: true, reason: null });
    expect(catalogueVersion(createCatalogueRepository(db))?.lastRefusal).toMatchObject({ refusal: 'no_otc' });
  });

  it('is taken when the operator says it really has none', async () => {
    const db = testDb();
    const outcome = await importPath(db, writeZip(exportMembers(undefined, REF_XML_REWORDED)), {
      acceptNoOtc: true,
    });
    expect(outcome.counts).toMatchObject({ packs: 5, prescription: 5 });
    expect(createCatalogueLookup(createCatalogueRepository(db)).verdict('0046128')).toEqual({
      offer: false,
      reason: 'prescription',
    });
  });
});

describe('an export that would remove most packs', () => {
  it('is refused (69 to 5 packs): the prescription-only exclusions stay with the live catalogue', async () => {
    const db = testDb();
    const { lookup, generation, before } = await liveDemoSized(db);
    expect(before.counts.packs).toBeGreaterThanOrEqual(60);
    const rxCnk = firstPrescriptionCnk(db);
    await expect(importPath(db, writeZip(exportMembers()))).rejects.toMatchObject({
      refusal: 'shrunk',
      message: expect.stringMatching(/5 public packs \(3 prescription-only\) where the live catalogue has \d+/),
    });
    expect(lookup.generation()).toBe(generation);
    expect(catalogueVersion(createCatalogueRepository(db))).toMatchObject({
      counts: before.counts,
      lastRefusal: { refusal: 'shrunk' },
    });
    expect(lookup.verdict(rxCnk)).toEqual({ offer: false, reason: 'prescription' });
  });

  it('is refused when most prescription-only packs would go, even if the packs stay', async () => {
    const db = testDb();
    await importPath(db, writeFolder(exportMembers()));
    // The same 5 packs, two of the three prescription-only ones now free delivery.
    const freed = exportMembers()[0]!.text.replace(/code="M3 ?\+ ?M4"\/>/g, 'code="V"/>');
    await expect(importPath(db, writeFolder(exportMembers(freed)))).rejects.toMatchObject({ refusal: 'shrunk' });
    expect(createCatalogueLookup(createCatalogueRepository(db)).verdict('1111112')).toEqual({
      offer: false,
      reason: 'prescription',
    });
  });

  it('is taken when the operator allows the shrink', async () => {
    const db = testDb();
    await liveDemoSized(db);
    const outcome = await importPath(db, writeZip(exportMembers()), { allowShrink: true });
    expect(outcome.counts.packs).toBe(5);
    expect(catalogueVersion(createCatalogueRepository(db))).toMatchObject({ counts: { packs: 5 }, lastRefusal: null });
  });
});

function firstPrescriptionCnk(db: Db): string {
  const live = 'SELECT generation FROM catalogue_state WHERE id = 1';
  const sql = `SELECT cnk FROM catalogue_packs WHERE prescription = 1 AND generation = (${live}) ORDER BY cnk LIMIT 1`;
  return (db.prepare(sql).get() as { cnk: string }).cnk;
}
