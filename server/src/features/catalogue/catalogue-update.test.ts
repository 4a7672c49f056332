import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPoliteFetcher } from '../../retailers/lib/polite-fetch';
import { createCatalogueRepository } from './catalogue.repository';
import { createCatalogueLookup } from './catalogue.service';
import { updateCatalogue, type CatalogueUpdateDeps } from './catalogue-update';
import { catalogueVersion } from './catalogue.service';
import { demoSamExport } from '../../demo/demo-sam-export';
import { ampXml, exportMembers, quietLog, testDb, zipBytes } from './catalogue-import/sam-export.test-support';

// A loopback stand-in for the SAM download service: the two endpoints the update asks.
let server: Server | null = null;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

async function samService(state: { latest: string; zip: Buffer; hits: string[] }): Promise<string> {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    state.hits.push(`${url.pathname}?${url.searchParams.toString()}`);
    if (url.pathname === '/download/samv2-full-getLastVersion' && url.searchParams.get('xsd') === '5') {
      res.end(`${state.latest}\n`);
    } else if (
      url.pathname === '/download/samv2-download' &&
      url.searchParams.get('type') === 'FULL' &&
      url.searchParams.get('version') === state.latest.replace(/"/g, '')
    ) {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-disposition': 'attachment;filename="x.zip"' });
      res.end(state.zip);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/download`;
}

function deps(sourceUrl: string, maxBytes = 50_000_000): CatalogueUpdateDeps & { db: ReturnType<typeof testDb> } {
  const db = testDb();
  return {
    db,
    repo: createCatalogueRepository(db),
    fetcher: () =>
      createPoliteFetcher({ allowedBaseUrls: [sourceUrl], timeoutMs: 10_000, allowPrivateHosts: true, maxBytes }),
    sourceUrl,
    now: () => Date.parse('2024-06-01T10:00:00Z'),
    log: quietLog,
  };
}

describe('weekly catalogue update', () => {
  it('downloads and imports a newer export, and only asks the version when it is current', async () => {
    const state = { latest: '"12035"', zip: zipBytes(exportMembers()), hits: [] as string[] };
    const d = deps(await samService(state));
    const first = await updateCatalogue(d, new AbortController().signal);
    expect(first).toMatchObject({ status: 'imported', version: '12035' });
    const lookup = createCatalogueLookup(d.repo);
    expect(lookup.version()).toMatchObject({ version: '12035', checkedAt: Date.parse('2024-06-01T10:00:00Z') });
    expect(lookup.byCnk('0046128', 'fr')).toMatchObject({ pack: '30' });

    state.hits.length = 0;
    expect(await updateCatalogue(d, new AbortController().signal)).toEqual({ status: 'current', version: '12035' });
    expect(state.hits).toEqual(['/download/samv2-full-getLastVersion?xsd=5']);

    state.latest = '12036';
    state.zip = zipBytes(exportMembers(ampXml({ dafalganName: 'Dafalgan week 2' })));
    expect(await updateCatalogue(d, new AbortController().signal)).toMatchObject({
      status: 'imported',
      version: '12036',
    });
    expect(lookup.byCnk('0046128', 'fr')).toMatchObject({ packName: 'Dafalgan week 2' });
    expect(state.hits.at(-1)).toBe('/download/samv2-download?type=FULL&version=12036&xsd=5');
  });

  it('refuses a download past the size cap and an answer that is not a number, changing nothing', async () => {
    const state = { latest: '12035', zip: zipBytes(exportMembers()), hits: [] as string[] };
    const url = await samService(state);
    const capped = deps(url, 1000);
    await expect(updateCatalogue(capped, new AbortController().signal)).rejects.toThrow(/larger than 1000 bytes/);
    expect(createCatalogueLookup(capped.repo).generation()).toBe(0);
    state.latest = '<html>maintenance</html>';
    const d = deps(url);
    await expect(updateCatalogue(d, new AbortController().signal)).rejects.toThrow(/latest-version endpoint answered/);
    expect(createCatalogueLookup(d.repo).version()).toBeNull();
  });

  it('never takes an export that would remove most packs: the previous catalogue stays, the refusal is recorded', async () => {
    const state = { latest: '12035', zip: zipBytes([...demoSamExport().files]), hits: [] as string[] };
    const d = deps(await samService(state));
    expect(await updateCatalogue(d, new AbortController().signal)).toMatchObject({ status: 'imported' });
    const before = catalogueVersion(d.repo)!;
    state.latest = '12036';
    state.zip = zipBytes(exportMembers());
    expect(await updateCatalogue(d, new AbortController().signal)).toMatchObject({
      status: 'refused',
      version: '12036',
      refusal: 'shrunk',
    });
    expect(catalogueVersion(d.repo)).toMatchObject({
      version: '12035',
      counts: before.counts,
      lastRefusal: { refusal: 'shrunk', message: expect.stringContaining('more than half of them would be gone') },
    });
  });
});
