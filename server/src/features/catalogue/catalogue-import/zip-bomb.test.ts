import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createCatalogueRepository } from '../catalogue.repository';
import { catalogueVersion } from '../catalogue.service';
import { importExport } from './catalogue-import';
import { openExportSource } from './sam-members';
import { ampXml, exportMembers, quietLog, testDb, writeFolder } from './sam-export.test-support';
import { writeBombZip } from './zip-bomb.test-support';

// A small archive must not cost the memory of what it expands to: each member's uncompressed size is
// capped (declared and while streaming), and no text is held whole past a cap. The memory is measured in
// a child process: the peak RSS may rise by less than 100 MB during the import, whatever the archive.

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./import-memory.test-support.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../../..', import.meta.url));
const URN = 'urn:be:fgov:ehealth:samws:v2';
const MB = 1024 * 1024;

/** An AMP file (shape of the SAM export's AMP member) whose first official name never ends. */
const AMP_HEAD =
  `<?xml version="1.0" encoding="UTF-8"?>\n<ns4:ExportActualMedicines xmlns="${URN}:actual:common" ` +
  `xmlns:ns2="${URN}:core" xmlns:ns4="${URN}:export" version="5.0" SamId="1">` +
  '<ns4:Amp code="SAM000001-00"><ns4:Data from="2017-09-19"><OfficialName>';

const others = () => exportMembers().filter((m) => !m.name.startsWith('AMP-'));

/** An export whose AMP member expands to 1.5 GB from 1.5 MB; its headers may declare a smaller size. */
const ampBomb = (declaredSize?: number) =>
  writeBombZip({
    name: 'AMP-1.xml',
    head: AMP_HEAD,
    fill: 'A'.repeat(MB),
    copies: 1500,
    declaredSize,
    others: others(),
  });

async function importInChild(zip: string) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, zip], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' },
    maxBuffer: MB,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    refused: string | null;
    rssBeforeMb: number;
    rssPeakMb: number;
  };
}

describe('zip bombs', { timeout: 120_000 }, () => {
  it('refuses a 1.5 MB ZIP whose member expands to 1.5 GB, at a flat memory', async () => {
    const zip = ampBomb();
    const result = await importInChild(zip);
    expect(result.refused).toMatch(/AMP-1\.xml: \d+ bytes once uncompressed from \d+ \(at most/);
    expect(result.rssPeakMb - result.rssBeforeMb).toBeLessThan(100);
  });

  it('refuses a member that expands past the size it declared, while streaming, at a flat memory', async () => {
    const zip = ampBomb(8 * MB);
    const result = await importInChild(zip);
    expect(result.refused).toMatch(/AMP-1\.xml/);
    expect(result.rssPeakMb - result.rssBeforeMb).toBeLessThan(100);
  });

  it('refuses a text longer than the cap, whatever the archive, and records it as too large', async () => {
    const db = testDb();
    const amp = ampXml({ dafalganName: `Dafalgan ${'x'.repeat(2 * MB)}` });
    const repo = createCatalogueRepository(db);
    await expect(
      importExport(repo, await openExportSource(writeFolder(exportMembers(amp))), {
        referenceDate: '2024-06-01',
        now: Date.now,
        log: quietLog,
      }),
    ).rejects.toThrow(/AMP-1667395273070\.xml:\d+:\d+: a text longer than 1000000 characters/);
    expect(repo.generation()).toBe(0);
    expect(db.prepare('SELECT refusal FROM catalogue_state').get()).toEqual({ refusal: 'too_large' });
    expect(catalogueVersion(repo)).toBeNull();
  });
});
