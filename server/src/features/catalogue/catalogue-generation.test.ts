import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { importFiles } from './catalogue-import/catalogue-import';
import { ampXml, exportMembers, quietLog, testDb } from './catalogue-import/sam-export.test-support';
import { createCatalogueRepository, type CatalogueRepository } from './catalogue.repository';

// The live generation is held in memory (ADR 239): a swap on the same connection is seen at once,
// one by another process (another connection to the file) within a second.
const load = (repo: CatalogueRepository, version: string) =>
  importFiles(repo, 'test', exportMembers(ampXml({ dafalganName: `Dafalgan ${version}` })), {
    referenceDate: '2026-11-26',
    now: Date.now,
    log: quietLog,
    version,
  });

describe('the live catalogue generation as a reader sees it', () => {
  it('changes at once after a swap on its connection, by whichever repository', () => {
    const db = testDb();
    const reader = createCatalogueRepository(db);
    const before = reader.generation();
    load(createCatalogueRepository(db), 'v1');
    expect(reader.generation()).toBeGreaterThan(before);
  });

  it("changes within a second after another process's swap", async () => {
    const db = testDb();
    const reader = createCatalogueRepository(db);
    const before = reader.generation();
    const other = openDatabase(db.name);
    try {
      load(createCatalogueRepository(other), 'v2');
      const seenAt = performance.now();
      while (reader.generation() === before) {
        expect(performance.now() - seenAt).toBeLessThan(1100);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(reader.generation()).toBe(createCatalogueRepository(other).generation());
    } finally {
      other.close();
    }
  });
});
