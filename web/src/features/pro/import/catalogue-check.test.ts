import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProCatalogueResponse } from '@pharmaradar/shared/pro-catalogue.schema';
import { db } from '../../../db/db';
import { sendJson } from '../../../test/fakes/http-server';
import { checkImportCatalogue } from './catalogue-check';
import { serveProApi } from '../pro-api.test-support';

// docs/decisions/161: the import preview flags rows the official catalogue does not
// know, or knows as withdrawn or never priced; the facts are kept so the flags survive offline, and
// with no catalogue on the server nothing is flagged.

const ROWS = [
  { line: 2, cnk: '0046128' }, // free, marketed: not flagged
  { line: 3, cnk: '1111111' }, // prescription-only
  { line: 4, cnk: '4886553' }, // withdrawn
  { line: 5, cnk: '0000000' }, // unknown to the catalogue
  { line: 6, cnk: '0046129' }, // suspended
];

const official = (name: string, marketed = true) => ({ name, packName: null, pack: '30', marketed });
const PRESENT: ProCatalogueResponse = {
  catalogue: { version: '12035', referenceDate: '2026-11-26' },
  facts: [
    { cnk: '0046128', known: true, kind: 'medicine', exclusion: null, official: official('Dafalgan 500 mg') },
    { cnk: '1111111', known: true, kind: 'medicine', exclusion: 'prescription', official: official('Strong 10 mg') },
    { cnk: '4886553', known: true, kind: 'non-medicinal', exclusion: null, official: official('Lotion', false) },
    { cnk: '0000000', known: false, kind: null, exclusion: null, official: null },
    { cnk: '0046129', known: true, kind: 'medicine', exclusion: 'suspended', official: null },
  ],
};

let answer: { status: number; body: unknown };
const server = serveProApi((req, res) => {
  if (req.path === '/api/pro/catalogue/') {
    // As the server does: the facts of the CNKs asked for.
    const cnks = new Set((JSON.parse(req.body) as { cnks: string[] }).cnks);
    const body = answer.body as ProCatalogueResponse;
    const facts = body.facts?.filter((f) => cnks.has(f.cnk));
    return sendJson(res, answer.status, facts ? { ...body, facts } : body);
  }
  return sendJson(res, 500, { code: 'unexpected', detail: 'Not scripted.' });
});
beforeEach(async () => {
  server.received.length = 0;
  await db.proMeta.clear();
  await db.proOfficial.clear();
  answer = { status: 200, body: PRESENT };
});

const asked = () => server.received.filter((r) => r.path === '/api/pro/catalogue/');
const EXPECTED_FLAGS = [
  { line: 3, cnk: '1111111', reason: 'prescription', official: 'Strong 10 mg (30)' },
  { line: 4, cnk: '4886553', reason: 'withdrawn', official: 'Lotion (30)' },
  { line: 5, cnk: '0000000', reason: 'unknown', official: null },
  { line: 6, cnk: '0046129', reason: 'suspended', official: null },
];

describe('the import preview and the official catalogue', () => {
  it('online: asks once for the rows, in the interface language, and flags each with its reason', async () => {
    const check = await checkImportCatalogue(ROWS, 'nl', true);
    expect(check).toMatchObject({ flags: EXPECTED_FLAGS, waiting: 0 });
    // The kinds that give lines without VAT their rate (docs/decisions/215); null: the catalogue has none.
    expect(Object.fromEntries(check.kinds)).toEqual({
      '0046128': 'medicine',
      '1111111': 'medicine',
      '4886553': 'non-medicinal',
      '0000000': null,
      '0046129': 'medicine',
    });
    expect(asked()).toHaveLength(1);
    expect(JSON.parse(asked()[0]!.body)).toEqual({ cnks: ROWS.map((r) => r.cnk), lang: 'nl' });
    expect(await db.proOfficial.count()).toBe(5);
  });

  it('offline afterwards: the same flags from the device, nothing asked', async () => {
    await checkImportCatalogue(ROWS, 'fr', true);
    server.received.length = 0;
    const check = await checkImportCatalogue(ROWS, 'fr', false);
    expect(check).toMatchObject({ flags: EXPECTED_FLAGS, waiting: 0 });
    expect(asked()).toHaveLength(0);
  });

  it('offline with nothing known: no flag, the rows wait for the network', async () => {
    expect(await checkImportCatalogue(ROWS, 'fr', false)).toMatchObject({ flags: [], waiting: 5, kinds: new Map() });
    // A server that cannot answer is the same as no network.
    answer = { status: 500, body: { code: 'internal', detail: 'x' } };
    expect(await checkImportCatalogue(ROWS, 'fr', true)).toMatchObject({ flags: [], waiting: 5, kinds: new Map() });
  });

  it('no catalogue imported on the server: nothing flagged, nothing waiting, online or offline', async () => {
    answer = { status: 200, body: { catalogue: null, facts: [] } };
    expect(await checkImportCatalogue(ROWS, 'fr', true)).toMatchObject({ flags: [], waiting: 0 });
    expect(await checkImportCatalogue(ROWS, 'fr', false)).toMatchObject({ flags: [], waiting: 0 });
  });

  it('a new import offline: the rows known before are flagged, the others wait', async () => {
    await checkImportCatalogue(ROWS.slice(0, 3), 'fr', true);
    const check = await checkImportCatalogue(ROWS, 'fr', false);
    expect(check).toMatchObject({ flags: EXPECTED_FLAGS.slice(0, 2), waiting: 2 });
  });
});
