// @vitest-environment node
// The written file is read back with SheetJS cell by cell: types, number formats, the frozen header
// in the sheet XML, and formula-looking names kept as text.
import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from '@pharmaradar/shared/pricing.schema';
import { priceGroup } from '@pharmaradar/shared/margin-engine';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { loadMessagesFromDisk } from '../../../test/disk-messages';
import { exportFileName } from './export-file-name';
import { EXPORT_COLUMNS, exportLabelIds, exportLabelsFromMessages } from './export-labels';
import { freezeTopRows } from './freeze-rows';
import {
  DATE_FORMAT,
  EURO_FORMAT,
  HEADER_ROW,
  PERCENT_FORMAT,
  SIGNED_PERCENT_FORMAT,
  writeGroupWorkbook,
  type PriceSource,
} from './xlsx-export';

const settings: PricingSettings = { ...DEFAULT_PRICING_SETTINGS, idealMarginPercent: 32.5 };
const rows = priceGroup(
  [
    { cnk: '0123456', name: 'Dafalgan 500 mg', vatPercent: 6, purchaseExVat: 8.5, offers: [10, 12, 15] },
    {
      cnk: '2345678',
      name: '=HYPERLINK("http://evil.example","clic")',
      vatPercent: 21,
      purchaseExVat: null,
      offers: [],
    },
    { cnk: '3456789', name: '+32 470 00 00 00', vatPercent: 21, purchaseExVat: 5, offers: [19.99] },
    { cnk: '4567890', name: '-20% @promo', vatPercent: 6, purchaseExVat: 1, offers: [3] },
  ],
  settings,
);

// A device set to another zone than Brussels (Tokyo, UTC+9): the sheet's times must still be Belgian.
process.env.TZ = 'Asia/Tokyo';

// Read on 1 July 2026 from 09:10 to 09:25 in Brussels (summer time, UTC+2), as the line shows it.
const readAt: PriceSource = {
  shops: ['Farmaline', 'Medi-Market'],
  from: '2026-07-01T07:10:00.000Z',
  to: '2026-07-01T07:25:00.000Z',
  demo: false,
};

function written(locale: 'fr' | 'en' | 'nl' = 'fr', source: PriceSource = readAt) {
  const labels = exportLabelsFromMessages(loadMessagesFromDisk(locale));
  const bytes = writeGroupWorkbook(XLSX, { groupName: 'Été 2026', settings, date: '2026-07-01', labels, rows, source });
  const wb = XLSX.read(bytes, { type: 'array', cellNF: true, cellFormula: true, cellStyles: true });
  return { bytes, labels, wb, ws: wb.Sheets[wb.SheetNames[0]!]! };
}

function partXml(bytes: Uint8Array, path: string): string {
  const zip = XLSX.CFB.read(bytes, { type: 'array' });
  const i = (zip.FullPaths as string[]).findIndex((p) => p.endsWith(path));
  return new TextDecoder().decode(zip.FileIndex[i]!.content as Uint8Array);
}
const sheetXml = (bytes: Uint8Array) => partXml(bytes, '/xl/worksheets/sheet1.xml');

describe('writeGroupWorkbook', () => {
  it('writes the metadata rows in the interface language, margins as percents, the date as a date cell', () => {
    const { ws, wb } = written('fr');
    expect(wb.SheetNames).toEqual(['Prix']);
    expect([ws.A1?.v, ws.B1?.v, ws.B1?.t]).toEqual(['Groupe', 'Été 2026', 's']);
    expect([ws.A2?.v, ws.B2?.v]).toEqual(['Stratégie', 'Équilibrée (moyen)']);
    expect([ws.A3?.v, ws.B3?.t, ws.B3?.v, ws.B3?.z]).toEqual(['Marge idéale', 'n', 0.325, PERCENT_FORMAT]);
    expect([ws.A4?.v, ws.B4?.v, ws.B4?.z, ws.B4?.w]).toEqual(['Marge minimale', 0.2, '0%', '20%']);
    // 1 July 2026 is day 46204 of the spreadsheet calendar; shown day first.
    expect([ws.A5?.v, ws.B5?.t, ws.B5?.v, ws.B5?.z, ws.B5?.w]).toEqual(['Date', 'n', 46204, DATE_FORMAT, '01/07/2026']);
    expect(XLSX.SSF.parse_date_code(ws.B5!.v as number)).toMatchObject({ y: 2026, m: 7, d: 1 });
    expect(ws.A8).toBeUndefined();
  });

  it('says which shops and when the prices were read, and "demo" when they come from the demo shops', () => {
    expect([written('fr').ws.A6?.v, written('fr').ws.B6?.v]).toEqual([
      'Prix relevés',
      'chez Farmaline, Medi-Market, du 01/07/2026 09:10 au 01/07/2026 09:25',
    ]);
    expect(written('nl', { ...readAt, demo: true }).ws.B6?.v).toBe(
      'bij Farmaline, Medi-Market, van 01/07/2026 09:10 tot 01/07/2026 09:25 (DEMO: demowinkels, geen echte prijzen)',
    );
    expect(written('en', { ...readAt, to: readAt.from }).ws.B6?.v).toBe(
      'at Farmaline, Medi-Market, on 01/07/2026 09:10',
    );
    expect(written('fr', { shops: [], from: null, to: null, demo: null }).ws.B6?.v).toBe('aucun prix relevé');
  });

  it('notes which figures include VAT and which exclude it', () => {
    const { ws } = written('fr');
    expect(ws.A7?.v).toBe('TVA');
    expect(ws.B7?.v).toMatch(/TVA comprise \(TVAC\).*hors TVA \(HTVA\)/);
  });

  it.each(['en', 'nl'] as const)('labels the metadata and header in %s', (locale) => {
    const { ws, labels } = written(locale);
    expect(ws.A1?.v).toBe(locale === 'en' ? 'Group' : 'Groep');
    expect(ws.A3?.v).toBe(labels.meta.idealMargin);
    // Product, official name (SAM), CNK, then the lowest offer.
    expect(ws.D9?.v).toBe(labels.columns.lowestOffer);
  });

  it('writes a header row, then one row per product with numbers as numbers in euro and percent formats', () => {
    const { ws, labels } = written('fr');
    const header = EXPORT_COLUMNS.map((_, c) => ws[XLSX.utils.encode_cell({ r: HEADER_ROW, c })]?.v);
    expect(header).toEqual(EXPORT_COLUMNS.map((k) => labels.columns[k]));

    const row = (r: number) =>
      Object.fromEntries(EXPORT_COLUMNS.map((k, c) => [k, ws[XLSX.utils.encode_cell({ r: HEADER_ROW + r, c })]]));
    const first = row(1);
    expect(first.name).toMatchObject({ t: 's', v: 'Dafalgan 500 mg' });
    expect(first.cnk).toMatchObject({ t: 's', v: '0123456' });
    expect(first.lowestOffer).toMatchObject({ t: 'n', v: 10, z: EURO_FORMAT });
    expect(first.marketReference).toMatchObject({ t: 'n', v: 12, z: EURO_FORMAT });
    expect(first.vat).toMatchObject({ t: 'n', v: 0.06, z: '0%' });
    expect(first.cataloguePrice).toMatchObject({ t: 'n', v: 8.5, z: EURO_FORMAT });
    // ideal 32.5 %: C* = 12 / 1.06 × 0.675 = 7.64
    expect(first.recommendedPurchase).toMatchObject({ t: 'n', v: 7.64, z: EURO_FORMAT });
    expect(first.sellPrice).toMatchObject({ t: 'n', v: 12, z: EURO_FORMAT });
    expect(first.margin).toMatchObject({ t: 'n', v: 0.2492, z: PERCENT_FORMAT });
    expect(first.targetMargin).toMatchObject({ t: 'n', v: 0.325, z: PERCENT_FORMAT });
    expect(first.delta).toMatchObject({ t: 'n', v: 0.2, z: SIGNED_PERCENT_FORMAT, w: '+20.0%' });
    expect(first.position).toMatchObject({ t: 's', v: 'Au-dessus' });
    expect(first.discount).toMatchObject({ t: 'n', v: 0.1012, z: PERCENT_FORMAT });
    expect(first.discountAmount).toMatchObject({ t: 'n', v: 0.86, z: EURO_FORMAT });
    expect(first.note).toBeUndefined();

    const noOffers = row(2);
    expect(noOffers.sellPrice).toBeUndefined();
    expect(noOffers.lowestOffer).toBeUndefined();
    expect(noOffers.note).toMatchObject({ t: 's', v: 'Aucune offre trouvée' });

    expect(row(3).note?.v).toBe("Prix catalogue déjà sous l'objectif");
    expect(row(4).note?.v).toBe("Prix catalogue déjà sous l'objectif");
    // Sixteen columns, A to P (the official name is the second).
    expect(ws['!ref']).toBe(`A1:P${HEADER_ROW + 1 + rows.length}`);
  });

  it('writes text beginning with = + - @ as plain text, never as a formula', () => {
    const { ws, bytes } = written('fr');
    const names = [2, 3, 4].map((r) => ws[`A${HEADER_ROW + 1 + r}`]);
    expect(names.map((c) => [c?.t, c?.v, c?.f])).toEqual([
      ['s', '=HYPERLINK("http://evil.example","clic")', undefined],
      ['s', '+32 470 00 00 00', undefined],
      ['s', '-20% @promo', undefined],
    ]);
    const xml = sheetXml(bytes);
    expect(xml).not.toMatch(/<f[ >]/);
    expect(xml).not.toContain('HYPERLINK');
  });

  it('freezes everything down to the header row and sets column widths', () => {
    const { ws, bytes } = written('fr');
    expect(sheetXml(bytes)).toContain(
      `<pane ySplit="${HEADER_ROW + 1}" topLeftCell="A${HEADER_ROW + 2}" activePane="bottomLeft" state="frozen"/>`,
    );
    const widths = (ws['!cols'] ?? []).map((c) => c.wch ?? 0);
    expect(widths).toHaveLength(EXPORT_COLUMNS.length);
    expect(widths.every((w) => w >= 6 && w <= 40)).toBe(true);
    // The written file carries them: one <col> per column with its width.
    expect(sheetXml(bytes).match(/<col [^>]*width="[\d.]+"/g)).toHaveLength(EXPORT_COLUMNS.length);
    // A sheet view it does not know (e.g. SheetJS writing panes itself one day) is refused, not doubled.
    expect(() => freezeTopRows(XLSX.CFB, bytes, 2)).toThrow(/unexpected sheet view/);
    // The product column is wide enough for the shorter names; a longer one wraps (see the print tests).
    expect(widths[0]).toBeGreaterThanOrEqual('Dafalgan 500 mg'.length);
  });

  it('makes the header row bold, with a filter, repeated on every printed page', () => {
    const { bytes, wb, ws } = written('fr');
    const styles = partXml(bytes, '/xl/styles.xml');
    const fonts = /<fonts count="2">(.*?)<\/fonts>/.exec(styles)?.[1] ?? '';
    expect(fonts.split('</font>')[1]).toMatch(/^<font><b\/>/);
    const xfs = [...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf [^>]*>/g)].map(
      (m) => m[0],
    );
    const xml = sheetXml(bytes);
    const header = EXPORT_COLUMNS.map((_, c) => XLSX.utils.encode_cell({ r: HEADER_ROW, c }));
    for (const ref of [...header, 'A1', 'A7']) {
      const style = Number(new RegExp(`<c r="${ref}" s="(\\d+)"`).exec(xml)?.[1]);
      expect(xfs[style], ref).toContain('fontId="1"');
    }
    // A product cell stays regular.
    const product = Number(new RegExp(`<c r="A${HEADER_ROW + 2}" s="(\\d+)"`).exec(xml)?.[1]);
    expect(xfs[product]).toContain('fontId="0"');
    const range = `A${HEADER_ROW + 1}:P${HEADER_ROW + 1 + rows.length}`;
    expect(xml).toContain(`<autoFilter ref="${range}"/>`);
    expect(ws['!autofilter']).toEqual({ ref: range });
    const names = wb.Workbook?.Names ?? [];
    expect(names.find((n) => n.Name === '_xlnm.Print_Titles')).toMatchObject({
      Sheet: 0,
      Ref: `'Prix'!$${HEADER_ROW + 1}:$${HEADER_ROW + 1}`,
    });
  });

  it('prints landscape on A4, one page wide, with page numbers', () => {
    const xml = sheetXml(written('fr').bytes);
    expect(xml).toContain('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>');
    expect(xml).toMatch(
      /<pageMargins [^>]*\/><pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"\/>/,
    );
    expect(xml).toContain('<oddFooter>&amp;P / &amp;N</oddFooter>');
    // The parts sit where SpreadsheetML wants them: sheetPr first, pageSetup before ignoredErrors.
    expect(xml.indexOf('<sheetPr>')).toBeLessThan(xml.indexOf('<dimension'));
    expect(xml.indexOf('<pageSetup')).toBeLessThan(xml.indexOf('<ignoredErrors'));
  });
});

describe('export labels and file name', () => {
  it.each(['fr', 'en', 'nl'] as const)('every export label exists in %s', (locale) => {
    const messages = loadMessagesFromDisk(locale);
    expect(exportLabelIds().filter((id) => !messages[id])).toEqual([]);
  });

  it('names the file with the group and the ISO date, without characters file systems refuse', () => {
    expect(exportFileName('Été 2026', '2026-07-01')).toBe('pharmaradar-Été-2026-2026-07-01.xlsx');
    expect(exportFileName('a/b:c*?"<>|', '2026-07-01')).toBe('pharmaradar-a-b-c-2026-07-01.xlsx');
    expect(exportFileName('  ..  ', '2026-07-01')).toBe('pharmaradar-2026-07-01.xlsx');
    expect(exportFileName('x'.repeat(200), '2026-07-01')).toBe(`pharmaradar-${'x'.repeat(60)}-2026-07-01.xlsx`);
  });

  it('leaves out dashes, "&", brackets and formula signs that mail clients and shared drives mangle', () => {
    expect(exportFileName('Soins & Beauté — été (2026) [promo] {x}', '2026-07-01')).toBe(
      'pharmaradar-Soins-Beauté-été-2026-promo-x-2026-07-01.xlsx',
    );
    expect(exportFileName('=Comptoir+1', '2026-07-01')).toBe('pharmaradar-Comptoir-1-2026-07-01.xlsx');
    expect(exportFileName('Zomer_2026 v1.2', '2026-07-01')).toBe('pharmaradar-Zomer_2026-v1.2-2026-07-01.xlsx');
  });

  it("writes the official name and pack beside the pharmacist's own name, and why an excluded pack has no price", () => {
    const labels = exportLabelsFromMessages(loadMessagesFromDisk('en'));
    const own = priceGroup(
      [
        { cnk: '0046128', name: 'Dafa 30 (rayon)', vatPercent: 6, purchaseExVat: 2, offers: [4.5] },
        { cnk: '1111111', name: null, vatPercent: 6, purchaseExVat: null, offers: [] },
        { cnk: '0000000', name: 'Unknown one', vatPercent: 21, purchaseExVat: null, offers: [3] },
      ],
      settings,
    );
    const officials = ['Dafalgan 500 mg comp. 30', 'Strong 10 mg (20)', null];
    const bytes = writeGroupWorkbook(XLSX, {
      groupName: 'Official',
      settings,
      date: '2026-11-26',
      labels,
      rows: own.map((r, i) => ({ ...r, official: officials[i], marketStatus: i === 1 ? 'excluded' : 'ok' })),
      source: readAt,
    });
    const ws = XLSX.read(bytes, { type: 'array' }).Sheets[labels.sheet]!;
    const at = (column: (typeof EXPORT_COLUMNS)[number], r: number) =>
      ws[XLSX.utils.encode_cell({ r: HEADER_ROW + r, c: EXPORT_COLUMNS.indexOf(column) })];
    expect(EXPORT_COLUMNS.indexOf('official')).toBe(EXPORT_COLUMNS.indexOf('name') + 1);
    expect(at('official', 0)?.v).toBe('Official name (SAM)');
    expect([at('name', 1)?.v, at('official', 1)?.v]).toEqual(['Dafa 30 (rayon)', 'Dafalgan 500 mg comp. 30']);
    expect(at('official', 1)?.t).toBe('s');
    expect(at('official', 2)?.v).toBe('Strong 10 mg (20)');
    expect(at('note', 2)?.v).toBe(labels.notes.excluded);
    expect(at('official', 3)).toBeUndefined();
  });
});
