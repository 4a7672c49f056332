// @vitest-environment node
// The printed layout, read back from the written file: A4 landscape, one page wide and as many pages
// down as needed, column widths that keep the 12 pt text at 8 pt or more once shrunk to the page,
// long texts wrapping in rows tall enough for them, and a header row tall enough for its labels.
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { priceGroup } from '@pharmaradar/shared/margin-engine';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { loadMessagesFromDisk } from '../../../test/disk-messages';
import { EXPORT_COLUMNS, exportLabelsFromMessages } from './export-labels';
import { BOLD, rowHeight, wrappedLines } from './print-layout';
import { HEADER_ROW, writeGroupWorkbook } from './xlsx-export';

const LONG_NAME = 'Dafalgan Forte 1 g comprimés effervescents sécables boîte de 40 (édition officine)';
const LONG_OFFICIAL = 'Dafalgan Forte 1 g comp. eff. séc. 40 (paracétamol) — Upsa SAS, conditionnement hospitalier';
const priced = priceGroup(
  [
    { cnk: '0123456', name: LONG_NAME, vatPercent: 6, purchaseExVat: 1234.5, offers: [1999.99, 2100] },
    { cnk: '2345678', name: 'Nurofen 400 mg', vatPercent: 21, purchaseExVat: null, offers: [] },
    { cnk: '3456789', name: 'Nurofen 200 mg', vatPercent: 21, purchaseExVat: 5, offers: [19.99] },
  ],
  DEFAULT_PRICING_SETTINGS,
);
const rows = priced.map((r, i) => ({
  ...r,
  official: i === 0 ? LONG_OFFICIAL : null,
  marketStatus: i === 1 ? ('excluded' as const) : ('ok' as const),
}));

function written(locale: 'fr' | 'en' | 'nl') {
  const labels = exportLabelsFromMessages(loadMessagesFromDisk(locale));
  const bytes = writeGroupWorkbook(XLSX, {
    groupName: 'Comptoir',
    settings: DEFAULT_PRICING_SETTINGS,
    date: '2026-07-01',
    labels,
    rows,
    // Twenty shops: the "prices read" line is far longer than the page is wide.
    source: {
      shops: Array.from({ length: 20 }, (_, i) => `Pharmacie en ligne numéro ${i + 1}`),
      from: '2026-07-01T07:10:00.000Z',
      to: '2026-07-01T07:25:00.000Z',
      demo: true,
    },
  });
  const part = (path: string) => {
    const zip = XLSX.CFB.read(bytes, { type: 'array' });
    const i = (zip.FullPaths as string[]).findIndex((p) => p.endsWith(path));
    return new TextDecoder().decode(zip.FileIndex[i]!.content as Uint8Array);
  };
  const sheet = part('/xl/worksheets/sheet1.xml');
  const styles = part('/xl/styles.xml');
  const attr = (xml: string, name: string) => Number(new RegExp(`${name}="([\\d.]+)"`).exec(xml)?.[1]);
  const rowXml = (r: number) => new RegExp(`<row r="${r + 1}"[^>]*>`).exec(sheet)?.[0] ?? '';
  const xfs = [...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf .*?(?:\/>|<\/xf>)/g)];
  const formatOf = (ref: string) => xfs[Number(new RegExp(`<c r="${ref}" s="(\\d+)"`).exec(sheet)?.[1])]?.[0] ?? '';
  return {
    labels,
    sheet,
    widths: [...sheet.matchAll(/<col [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1])),
    fontPt: attr(/<font>.*?<\/font>/.exec(styles)?.[0] ?? '', 'val'),
    margins: /<pageMargins [^>]*\/>/.exec(sheet)?.[0] ?? '',
    pageSetup: /<pageSetup [^>]*\/>/.exec(sheet)?.[0] ?? '',
    rowHeightOf: (r: number) => attr(rowXml(r), 'ht'),
    formatOf,
  };
}

// A column one character wide is about 6.4 pt of 12 pt text as LibreOffice lays it out (Excel: 6).
const CHAR_PT_AT_12 = 6.4;
const A4_LANDSCAPE_WIDTH_PT = 841.89;

describe.each(['fr', 'en', 'nl'] as const)('the export printed, in %s', (locale) => {
  it('is A4 landscape, one page wide and as many pages down as needed', () => {
    const { sheet, pageSetup } = written(locale);
    expect(sheet).toContain('<pageSetUpPr fitToPage="1"/>');
    expect([
      attrOf(pageSetup, 'paperSize'),
      attrOf(pageSetup, 'orientation'),
      attrOf(pageSetup, 'fitToWidth'),
      attrOf(pageSetup, 'fitToHeight'),
    ]).toEqual(['9', 'landscape', '1', '0']);
  });

  it('keeps its text at 8 pt or more once shrunk to the width of the page, prices over 1,000 € included', () => {
    const { widths, fontPt, margins } = written(locale);
    expect(widths).toHaveLength(EXPORT_COLUMNS.length);
    const printable = A4_LANDSCAPE_WIDTH_PT - 72 * (Number(attrOf(margins, 'left')) + Number(attrOf(margins, 'right')));
    const sheetPt = widths.reduce((sum, w) => sum + w, 0) * CHAR_PT_AT_12 * (fontPt / 12);
    const printedPt = fontPt * Math.min(1, printable / sheetPt);
    expect(printedPt).toBeGreaterThanOrEqual(8);
    // Every number fits on its line ("2,100.00 €" needs ten characters), never shown as ###.
    const money = EXPORT_COLUMNS.indexOf('marketReference');
    expect(widths[money]).toBeGreaterThanOrEqual('2,100.00 €'.length + 1);
  });

  it('wraps long names and notes in rows tall enough for them', () => {
    const { widths, rowHeightOf, formatOf } = written(locale);
    const first = HEADER_ROW + 1;
    for (const column of ['name', 'official'] as const) {
      const c = EXPORT_COLUMNS.indexOf(column);
      expect(formatOf(XLSX.utils.encode_cell({ r: first, c }))).toContain('wrapText="1"');
      expect(widths[c]).toBeLessThan(LONG_OFFICIAL.length);
    }
    const lines = wrappedLines(LONG_OFFICIAL, Math.floor(widths[EXPORT_COLUMNS.indexOf('official')]!));
    expect(lines).toBeGreaterThan(1);
    expect(rowHeightOf(first)).toBeGreaterThanOrEqual(lines * 12);
    const note = XLSX.utils.encode_cell({ r: first + 1, c: EXPORT_COLUMNS.indexOf('note') });
    expect(formatOf(note)).toContain('wrapText="1"');
    // Numbers and short texts sit on the first line of a tall row, beside the start of the name.
    expect(formatOf(XLSX.utils.encode_cell({ r: first, c: EXPORT_COLUMNS.indexOf('cnk') }))).toContain(
      'vertical="top"',
    );
    expect(formatOf(XLSX.utils.encode_cell({ r: first, c: EXPORT_COLUMNS.indexOf('sellPrice') }))).toContain(
      'vertical="top"',
    );
  });

  it('gives the header row the height of its most wrapped label, so it never runs into the first product', () => {
    const { labels, widths, rowHeightOf } = written(locale);
    const lines = EXPORT_COLUMNS.map((c, i) => wrappedLines(labels.columns[c], Math.floor(widths[i]!), BOLD));
    expect(Math.max(...lines)).toBeGreaterThan(1);
    expect(rowHeightOf(HEADER_ROW)).toBeGreaterThanOrEqual(rowHeight(Math.max(...lines)));
  });

  it('wraps a metadata line longer than the page across the table, in a row tall enough for it', () => {
    const { sheet, widths, rowHeightOf, formatOf } = written(locale);
    expect(sheet).toContain(`<mergeCell ref="B6:P6"/>`);
    expect(formatOf('B6')).toContain('wrapText="1"');
    const across = widths.slice(1).reduce((sum, w) => sum + w, 0);
    // Twenty shop names of 30 characters: more than two lines of the table's width.
    expect(rowHeightOf(5)).toBeGreaterThanOrEqual(Math.ceil(600 / across) * 12);
  });
});

function attrOf(xml: string, name: string): string | undefined {
  return new RegExp(`${name}="([^"]*)"`).exec(xml)?.[1];
}
