import { readFileSync, truncateSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database';
import { createCatalogueRepository } from '../catalogue.repository';
import { createCatalogueLookup } from '../catalogue.service';
import { CatalogueImportError, importExport, importFiles } from './catalogue-import';
import { openExportSource } from './sam-members';
import { ampXml, exportMembers, quietLog, testDb, writeFolder, writeZip, type Member } from './sam-export.test-support';

const DATE = '2024-06-01';

async function importPath(db: Db, path: string, date = DATE) {
  return importExport(createCatalogueRepository(db), await openExportSource(path), {
    referenceDate: date,
    now: () => Date.parse('2024-06-01T10:00:00Z'),
    log: quietLog,
  });
}

const rowsPerGeneration = (db: Db) =>
  db.prepare('SELECT generation, count(*) AS n FROM catalogue_packs GROUP BY generation ORDER BY generation').all();

describe('SAM import', () => {
  it('reads the current slices by namespace from a ZIP whose AMP member comes first', async () => {
    const db = testDb();
    const outcome = await importPath(db, writeZip(exportMembers()));
    expect(outcome.counts).toEqual({ packs: 5, prescription: 3, gtins: 2, vmps: 1, nonmedicinal: 2, dataErrors: 0 });
    const lookup = createCatalogueLookup(createCatalogueRepository(db));
    expect(lookup.byCnk('0046128', 'nl')).toEqual({
      kind: 'medicine',
      cnk: '0046128',
      name: 'Dafalgan 500 mg',
      packName: 'Dafalgan 500 mg tabl. 30',
      // The slice covering the date: not the future one (60), the expired one (10) nor the one-day 1961 one.
      pack: '30',
      // Several GTINs, canonical (the 14-digit one starting with 0 becomes 13 digits).
      gtins: ['15400000000017', '5400000000010'],
      atc: ['N02BE01'],
      delivery: { code: 'V', description: 'Vrije aflevering' },
      prescription: false,
      status: 'AUTHORIZED',
      marketed: true,
      vmp: { code: '16378', name: 'Paracetamol 500 mg tabl.' },
    });
    expect(lookup.verdict('0046128')).toEqual({ offer: true, reason: null });
    // Hospital-only and pseudo codes are never keys; an expired AMP is not current.
    for (const cnk of ['0708289', '9999999', '2222222']) expect(lookup.byCnk(cnk, 'fr')).toBeNull();
    expect(lookup.verdict('0708289')).toEqual({ offer: null, reason: 'unknown' });
    expect(lookup.byGtin('5400000000010')).toBe('0046128');
    expect(lookup.byGtin('05400000000010')).toBe('0046128');
    expect(lookup.byGtin('15400000000017')).toBe('0046128');
    expect(lookup.vmpGroup('16378', 'fr')).toEqual({
      code: '16378',
      name: 'Paracétamol 500 mg comp.',
      cnks: ['0046128', '0046129'],
    });
    expect(lookup.version()).toMatchObject({ version: '12035', xsdVersion: '5.0', referenceDate: DATE, demo: false });
  });

  it('compares delivery codes exactly: M3 + M4, M3+M4 and an unknown code are three answers', async () => {
    const db = testDb();
    await importPath(db, writeFolder(exportMembers()));
    const lookup = createCatalogueLookup(createCatalogueRepository(db));
    const official = (cnk: string) => lookup.byCnk(cnk, 'fr');
    expect(official('1111111')).toMatchObject({
      delivery: { code: 'M3 + M4', description: 'Prescription médicale simple' },
      prescription: true,
      // The AMP is revoked: the worse of the two statuses.
      status: 'REVOKED',
    });
    expect(official('1111112')).toMatchObject({
      delivery: { code: 'M3+M4', description: 'Prescription spéciale et restreinte' },
      prescription: true,
    });
    // Not in REF and nothing written inline: prescription-only.
    expect(official('1111113')).toMatchObject({ delivery: { code: 'M3  +M4', description: null }, prescription: true });
    expect(lookup.verdict('1111111')).toEqual({ offer: false, reason: 'prescription' });
    expect(official('0046129')).toMatchObject({ status: 'SUSPENDED', marketed: false, prescription: false });
    expect(lookup.verdict('0046129')).toEqual({ offer: false, reason: 'suspended' });
    // Non-medicinal codes are padded to 7 digits; a banned one is not offered.
    expect(official('0886552')).toEqual({
      kind: 'nonmedicinal',
      cnk: '0886552',
      name: 'Crème solaire SPF 50',
      category: 'C',
      producer: 'SunLab',
      commercialStatus: 'M',
    });
    expect(lookup.verdict('4886553')).toEqual({ offer: false, reason: 'revoked' });
  });

  it('lets the reference date choose the slices: a future slice counts from its first day', async () => {
    const db = testDb();
    await importPath(db, writeFolder(exportMembers(ampXml({ futurePack: '60 (2030)' }))), '2030-02-01');
    expect(createCatalogueLookup(createCatalogueRepository(db)).byCnk('0046128', 'fr')).toMatchObject({
      pack: '60 (2030)',
      // That slice has no name of its own: the AMP's name stands, no GTIN.
      packName: null,
      gtins: [],
    });
  });

  it('matches namespaces, not prefixes: the right prefix bound to another namespace is not read', async () => {
    const db = testDb();
    // ns4 now means something else; the Amp elements are in no namespace the importer reads.
    const amp = ampXml().replace('xmlns:ns4="urn:be:fgov:ehealth:samws:v2:export"', 'xmlns:ns4="urn:example:other"');
    await expect(importPath(db, writeFolder(exportMembers(amp)))).rejects.toThrow(
      /root element is \{urn:example:other\}/,
    );
    // Same document with the export namespace under a prefix never seen before reads the same.
    const renamed = ampXml().replaceAll('ns4:', 'sam:').replace('xmlns:ns4=', 'xmlns:sam=');
    const outcome = await importPath(db, writeFolder(exportMembers(renamed)));
    expect(outcome.counts.packs).toBe(5);
  });
});

describe('atomic swap', () => {
  async function withLiveCatalogue() {
    const db = testDb();
    await importPath(db, writeFolder(exportMembers()));
    const lookup = createCatalogueLookup(createCatalogueRepository(db));
    return {
      db,
      lookup,
      before: { generation: lookup.generation(), version: lookup.version(), rows: rowsPerGeneration(db) },
    };
  }

  const failures: Array<[string, (members: Member[]) => Promise<string> | string, RegExp]> = [
    [
      'a truncated AMP member in a folder',
      (m) => {
        const dir = writeFolder(m);
        const file = join(dir, 'AMP-1667395273070.xml');
        truncateSync(file, Math.floor(statSync(file).size * 0.6));
        return dir;
      },
      /AMP-1667395273070\.xml:\d+:\d+: /,
    ],
    [
      'a truncated member inside a ZIP',
      (m) => writeZip(m.map((x) => (x.name.startsWith('AMP-') ? { ...x, text: x.text.slice(0, 3000) } : x))),
      /sam-12035\.zip: AMP-1667395273070\.xml:\d+:\d+: /,
    ],
    [
      'bad XML (a mismatched tag)',
      (m) =>
        writeFolder(
          m.map((x) => (x.name.startsWith('AMP-') ? { ...x, text: x.text.replace('</Name>', '</Nom>') } : x)),
        ),
      /AMP-1667395273070\.xml:\d+:\d+: .*(?:Nom|tag)/,
    ],
    ['a missing REF member', (m) => writeFolder(m.filter((x) => !x.name.startsWith('REF-'))), /missing member REF-/],
    [
      'a truncated ZIP file',
      (m) => {
        const file = writeZip(m);
        writeFileSync(file, readFileSync(file).subarray(0, 2000));
        return file;
      },
      /sam-12035\.zip: not a readable ZIP/,
    ],
  ];

  for (const [what, make, message] of failures) {
    it(`refuses ${what}, naming the file and position, and leaves the live catalogue as it was`, async () => {
      const { db, lookup, before } = await withLiveCatalogue();
      const changed = exportMembers(ampXml({ dafalganName: 'CHANGED' }));
      await expect(importPath(db, await make(changed))).rejects.toThrow(message);
      expect(lookup.generation()).toBe(before.generation);
      // The live import is the same; only the refusal beside it may be new.
      expect({ ...lookup.version(), lastRefusal: null }).toEqual(before.version);
      expect(rowsPerGeneration(db)).toEqual(before.rows);
      expect(lookup.byCnk('0046128', 'fr')).toMatchObject({ packName: 'Dafalgan 500 mg comp. 30' });
      // The claim is released: the next good import goes through.
      await importPath(db, writeFolder(changed));
      expect(lookup.byCnk('0046128', 'fr')).toMatchObject({ packName: 'CHANGED' });
    });
  }

  it('swaps a new import in for readers on the same database, dropping the old rows', async () => {
    const { db, lookup, before } = await withLiveCatalogue();
    await importPath(db, writeFolder(exportMembers(ampXml({ dafalganName: 'Dafalgan 500 mg nouveau' }))));
    expect(lookup.generation()).toBeGreaterThan(before.generation);
    expect(lookup.byCnk('0046128', 'fr')).toMatchObject({ packName: 'Dafalgan 500 mg nouveau' });
    expect(rowsPerGeneration(db)).toEqual([{ generation: lookup.generation(), n: 5 }]);
  });

  it('refuses a second import while one holds the claim, and an export with no current pack', async () => {
    const { db, lookup, before } = await withLiveCatalogue();
    const repo = createCatalogueRepository(db);
    expect(repo.claim(Date.now(), 60_000)).not.toBeNull();
    await expect(importPath(db, writeFolder(exportMembers()))).rejects.toThrow(/another catalogue import is running/);
    repo.abandon(repo.state().importing!);
    expect(() =>
      importFiles(repo, 'old.zip', exportMembers(), { referenceDate: '1990-01-01', now: Date.now, log: quietLog }),
    ).toThrow(CatalogueImportError);
    expect(lookup.generation()).toBe(before.generation);
    expect(rowsPerGeneration(db)).toEqual(before.rows);
  });
});
