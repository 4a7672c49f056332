// @vitest-environment node
// The workers' API objects called directly, then once each through comlink over a real MessageChannel:
// the wrapped types line up with the exposed functions and the data survives structured cloning.
import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from '@pharmaradar/shared/pricing.schema';
import { priceProduct } from '@pharmaradar/shared/margin-engine';
import { expose, transfer, wrap, type Remote } from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import * as XLSX from 'xlsx';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { loadMessagesFromDisk } from '../../../test/disk-messages';
import { exportLabelsFromMessages } from '../export/export-labels';
import type { ImportResult } from '../import/read-import-file';
import { importWorkerApi, type ImportWorkerApi } from './import-worker.api';
import type { ExportRow } from '../export/xlsx-export';
import { exportWorkerApi, XLSX_MIME_TYPE, type ExportedFile, type ExportWorkerApi } from './export-worker.api';

const labels = exportLabelsFromMessages(loadMessagesFromDisk('nl'));
// Rows as group mode hands them over: already priced (ADR 142), the worker only writes them.
const priced = (settings: PricingSettings): ExportRow[] => [
  {
    cnk: '0123456',
    name: 'Dafalgan',
    official: 'Dafalgan 500 mg tabl. 30',
    card: priceProduct({ vatPercent: 6, purchaseExVat: 8.5, offers: [10, 12, 15] }, settings),
    marketStatus: 'ok',
  },
  {
    cnk: '2345678',
    name: 'Onbekend',
    card: priceProduct({ vatPercent: 21, purchaseExVat: null, offers: [] }, settings),
    marketStatus: 'not_found',
  },
];
const rows = priced(DEFAULT_PRICING_SETTINGS);
const source = { shops: ['Farmaline'], from: '2026-06-30T08:00:00.000Z', to: '2026-06-30T08:05:00.000Z', demo: false };
/** The export the tests ask for: group Zomer on 30 June 2026, default settings, Dutch labels. */
const ZOMER = { groupName: 'Zomer', settings: DEFAULT_PRICING_SETTINGS, date: '2026-06-30', labels, rows, source };

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

function connect<T extends object>(api: T): Remote<T> {
  const { port1, port2 } = new MessageChannel();
  // Node's MessagePort is comlink-compatible (postMessage, addEventListener, start) but typed apart.
  expose(api, port1 as unknown as Parameters<typeof expose>[1]);
  closers.push(() => {
    port1.close();
    port2.close();
  });
  return wrap<T>(port2 as unknown as Parameters<typeof wrap>[0]);
}

describe('import worker API', () => {
  it('previews a dropped CSV', () => {
    const result = importWorkerApi.readFile('groep.csv', new TextEncoder().encode('CNK-code;Naam\n123456;Dafalgan\n'));
    expect(result).toMatchObject({ ok: true, rows: [{ line: 2, cnk: '0123456', name: 'Dafalgan' }] });
  });

  it('answers through comlink with the same typed result, the bytes transferred', async () => {
    const remote = connect(importWorkerApi);
    expectTypeOf(remote.readFile).returns.toEqualTypeOf<Promise<ImportResult>>();
    expectTypeOf<Remote<ImportWorkerApi>>().toEqualTypeOf(remote);
    const ws = XLSX.utils.aoa_to_sheet([['CNK'], [4487039]]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    const bytes = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const result = await remote.readFile('g.xlsx', transfer(bytes, [bytes.buffer]));
    expect(bytes.byteLength).toBe(0);
    expect(result).toMatchObject({ ok: true, source: { format: 'xlsx', sheet: 'S' }, rows: [{ cnk: '4487039' }] });
  });
});

describe('export worker API', () => {
  it('has one entry point: the export (rows are priced on the main thread)', () => {
    expect(Object.keys(exportWorkerApi)).toEqual(['exportGroup']);
    expectTypeOf<keyof ExportWorkerApi>().toEqualTypeOf<'exportGroup'>();
  });

  it('exports the group as a named .xlsx whose rows carry the analysis marks', () => {
    const file = exportWorkerApi.exportGroup(ZOMER);
    expect(file.fileName).toBe('pharmaradar-Zomer-2026-06-30.xlsx');
    expect(file.mimeType).toBe(XLSX_MIME_TYPE);
    const ws = XLSX.read(file.bytes, { type: 'array' }).Sheets.Prijzen!;
    // The date is a date cell: 30 June 2026 is day 46203 of the spreadsheet calendar.
    expect([ws.A1?.v, ws.B1?.v, ws.B2?.v, ws.B5?.v]).toEqual(['Groep', 'Zomer', 'Gebalanceerd (gemiddeld)', 46203]);
    // The own name, the official name (SAM) beside it, the CNK, ... the selling price, ... the note.
    expect([ws.A10?.v, ws.B10?.v, ws.C10?.v, ws.I10?.v]).toEqual([
      'Dafalgan',
      'Dafalgan 500 mg tabl. 30',
      '0123456',
      12,
    ]);
    expect([ws.A11?.v, ws.B11?.v, ws.P11?.v]).toEqual(['Onbekend', undefined, 'Product niet gevonden']);
  });

  it('writes the cards it is given as they are: nothing is priced again', () => {
    // A card priced under the conservative strategy is written at its price even though the request's
    // settings (the header) say balanced: the worker does not recompute it.
    const conservative = priced({ ...DEFAULT_PRICING_SETTINGS, strategy: 'conservative' });
    const file = exportWorkerApi.exportGroup({ ...ZOMER, rows: conservative });
    expect(XLSX.read(file.bytes, { type: 'array' }).Sheets.Prijzen!.I10?.v).toBe(15);
  });

  it('refuses an export without a group name, with a non-ISO date, invalid settings or a malformed CNK', () => {
    const base = { groupName: 'G', settings: DEFAULT_PRICING_SETTINGS, date: '2026-06-30', labels, rows, source };
    expect(() => exportWorkerApi.exportGroup({ ...base, groupName: '  ' })).toThrow();
    expect(() => exportWorkerApi.exportGroup({ ...base, date: '30/06/2026' })).toThrow();
    expect(() =>
      exportWorkerApi.exportGroup({ ...base, settings: { ...DEFAULT_PRICING_SETTINGS, minMarginPercent: 40 } }),
    ).toThrow();
    expect(() => exportWorkerApi.exportGroup({ ...base, rows: [{ ...rows[0]!, cnk: '123' }] })).toThrow();
    expect(() => exportWorkerApi.exportGroup({ ...base, source: { ...source, from: 'yesterday' } })).toThrow();
  });

  it('answers through comlink with a typed result; an invalid request rejects', async () => {
    const remote = connect(exportWorkerApi);
    expectTypeOf(remote.exportGroup).returns.toEqualTypeOf<Promise<ExportedFile>>();
    expectTypeOf<Remote<ExportWorkerApi>>().toEqualTypeOf(remote);
    const file = await remote.exportGroup(ZOMER);
    expect(XLSX.read(file.bytes, { type: 'array' }).SheetNames).toEqual(['Prijzen']);
    await expect(
      remote.exportGroup({ ...ZOMER, settings: { ...DEFAULT_PRICING_SETTINGS, idealMarginPercent: 100 } }),
    ).rejects.toThrow();
  });
});
