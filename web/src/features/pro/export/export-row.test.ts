// @vitest-environment node
// A CNK the market does not know keeps, in the exported workbook, the name the pharmacist's
// file gave it. The rows go the way group mode sends them: built by buildRows from the stored catalogue
// and offers, mapped by exportRow, written by the export worker's API, read back with SheetJS.
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import type { GroupLine } from '@pharmaradar/shared/group-line';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { loadMessagesFromDisk } from '../../../test/disk-messages';
import type { ProOfferRecord } from '../data/pro-records';
import { buildRows } from '../group/group-rows';
import { exportWorkerApi } from '../workers/export-worker.api';
import { exportLabelsFromMessages } from './export-labels';
import { exportRow } from './export-row';

const NOW = Date.parse('2026-06-30T08:10:00.000Z');
const fetchedAt = '2026-06-30T08:00:00.000Z';
const offers = new Map<string, ProOfferRecord>([
  ['1000001', { cnk: '1000001', name: 'Dafalgan 1 g', status: 'found', offers: [10, 12], fetchedAt }],
  // Unknown to every shop: they give it no name.
  ['1000002', { cnk: '1000002', name: null, status: 'not_found', offers: [], fetchedAt }],
  ['1000003', { cnk: '1000003', name: null, status: 'not_found', offers: [], fetchedAt }],
]);
// As a file import stores it: the file named the second product, not the third.
const lines: GroupLine[] = [
  { cnk: '1000001', name: null, purchaseExVat: null, vatPercent: null, vatSource: null },
  { cnk: '1000002', name: 'Crème maison officine 50 ml', purchaseExVat: 4.2, vatPercent: 21, vatSource: 'file' },
  { cnk: '1000003', name: null, purchaseExVat: 3, vatPercent: 6, vatSource: 'file' },
];

describe('exported rows', () => {
  it('keep the file’s own name for a CNK the market does not know', () => {
    const rows = buildRows(lines, offers, DEFAULT_PRICING_SETTINGS, NOW);
    const file = exportWorkerApi.exportGroup({
      groupName: 'Officine',
      settings: DEFAULT_PRICING_SETTINGS,
      date: '2026-06-30',
      labels: exportLabelsFromMessages(loadMessagesFromDisk('fr')),
      rows: rows.map(exportRow),
      source: { shops: ['Farmaline'], from: fetchedAt, to: fetchedAt, demo: false },
    });
    const workbook = XLSX.read(file.bytes, { type: 'array' });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    const body = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, range: 9, raw: true });
    // Columns: own name, official name (SAM), CNK, …
    expect(body.map((r) => [r[0], r[2]])).toEqual([
      ['Dafalgan 1 g', '1000001'],
      ['Crème maison officine 50 ml', '1000002'],
      [undefined, '1000003'],
    ]);
    // Still marked as unknown to the market, with its own purchase price.
    expect(sheet.P11?.v).toBe('Produit introuvable');
    expect(sheet.G11?.v).toBe(4.2);
  });
});
