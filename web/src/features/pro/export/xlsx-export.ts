// The priced group as an .xlsx, written locally (docs/product.md#audience-and-plans), ready to print and
// forward (docs/decisions/152): metadata rows (group, strategy, ideal and minimum margin, the date as a
// date cell, which shops the prices were read at and when, demo or not, a VAT note), a blank row, the
// bold header with a filter, one row per product. Numbers are numbers with euro and percent formats;
// every text is a shared-string cell, so text beginning with = + - @ is shown as typed and never
// becomes a formula (docs/security.md#uploads-and-spreadsheets, ADR 060).
import type { PricedRow, PricingSettings } from '@pharmaradar/shared/pricing.schema';
import type * as XLSX from 'xlsx';
import { formatClockTime, formatDateTime } from '../../../lib/i18n/format';
import { DAY_MONTH_YEAR } from './export-date';
import { EXPORT_COLUMNS, type ExportColumn, type ExportLabels } from './export-labels';
import { freezeTopRows } from './freeze-rows';
import { BOLD, printLayout, rowHeight, SIDE_MARGIN_IN, wrappedLines } from './print-layout';
import { printSetup } from './print-setup';

export const EURO_FORMAT = '#,##0.00 "€"';
export const PERCENT_FORMAT = '0.0%';
export const WHOLE_PERCENT_FORMAT = '0%';
export const SIGNED_PERCENT_FORMAT = '+0.0%;-0.0%;0.0%';
/** Day first, as Belgian pharmacies write it; the cell is a real date (a day number), not text. */
export const DATE_FORMAT = 'dd/mm/yyyy';

export type MarketStatus = 'ok' | 'not_found' | 'retailer_error' | 'invalid_cnk' | 'excluded';
/**
 * A priced row; `name` is the pharmacist's own name or the shops' title, `official` the official name
 * and pack (SAM) written beside it (docs/decisions/161).
 */
export type ExportRow = PricedRow & { marketStatus?: MarketStatus; official?: string | null };

/** Where and when the exported prices were read: shop display names, ISO times, demo shops or not. */
export type PriceSource = {
  shops: readonly string[];
  /** The oldest and the newest price read among the rows (ISO 8601), null when none was read. */
  from: string | null;
  to: string | null;
  /** True when the server compares its bundled demo shops; null when it could not be asked (offline). */
  demo: boolean | null;
};

export type GroupExport = {
  groupName: string;
  settings: PricingSettings;
  /** YYYY-MM-DD, the user's local day (docs/architecture.md#pro-pricing). */
  date: string;
  labels: ExportLabels;
  /** The table's rows: each card as priced for the table, with why it has no market price. */
  rows: readonly ExportRow[];
  /** Which shops the rows' prices were read at, when, and whether they are the demo shops. */
  source: PriceSource;
};

type Cell = XLSX.CellObject;
type SheetJsWriter = Pick<typeof XLSX, 'utils' | 'write' | 'CFB'>;

/** Header row index (0-based): seven metadata rows, one blank row. */
export const HEADER_ROW = 8;

// XML 1.0 cannot carry most control characters; a stray one from an import would break the file.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const text = (value: string): Cell => ({ t: 's', v: value.replace(CONTROL, '') });
const money = (value: number | null): Cell | null => (value === null ? null : { t: 'n', v: value, z: EURO_FORMAT });
const ratio = (value: number | null, z = PERCENT_FORMAT): Cell | null =>
  value === null ? null : { t: 'n', v: value, z };
const wholePercent = (percent: number): Cell => ({
  t: 'n',
  v: percent / 100,
  z: Number.isInteger(percent) ? WHOLE_PERCENT_FORMAT : PERCENT_FORMAT,
});

function notesOf(row: ExportRow, labels: ExportLabels): string {
  const { card } = row;
  const notes: string[] = [];
  if (row.marketStatus === 'not_found') notes.push(labels.notes.notFound);
  else if (row.marketStatus === 'retailer_error') notes.push(labels.notes.retailerError);
  else if (row.marketStatus === 'invalid_cnk') notes.push(labels.notes.invalidCnk);
  else if (row.marketStatus === 'excluded') notes.push(labels.notes.excluded);
  else if (card.status === 'no_offers') notes.push(labels.notes.noOffers);
  // No VAT yet (docs/decisions/215): the row carries the market's figures only, never a price from a guessed rate.
  if (card.status === 'no_vat') notes.push(labels.notes.vatToSet);
  if (card.negotiation?.kind === 'already_below_target') notes.push(labels.notes.alreadyBelowTarget);
  if (card.minimumOutOfReach) notes.push(labels.notes.minimumOutOfReach);
  return notes.join(' ; ');
}

function productCells(row: ExportRow, labels: ExportLabels): Record<ExportColumn, Cell | null> {
  const { card } = row;
  const discount = card.negotiation?.kind === 'discount' ? card.negotiation : null;
  const note = notesOf(row, labels);
  return {
    name: row.name ? text(row.name) : null,
    official: row.official ? text(row.official) : null,
    // Text, not a number: a CNK keeps its leading zero.
    cnk: text(row.cnk),
    lowestOffer: money(card.lowestOffer),
    marketReference: money(card.sellPriceInclVat === null ? null : card.marketReference),
    vat: card.vatPercent === null ? null : wholePercent(card.vatPercent),
    cataloguePrice: money(card.purchaseExVat),
    recommendedPurchase: money(card.recommendedPurchaseExVat),
    sellPrice: money(card.sellPriceInclVat),
    margin: ratio(card.marginAtCatalogueRatio),
    targetMargin: ratio(card.targetMarginRatio),
    delta: ratio(card.delta?.ratio ?? null, SIGNED_PERCENT_FORMAT),
    position: card.delta ? text(labels.positions[card.delta.position]) : null,
    discount: ratio(discount?.ratio ?? null),
    discountAmount: money(discount?.amountExVat ?? null),
    note: note ? text(note) : null,
  };
}

/** Characters a cell needs as shown: its text, or its number in its format. */
function displayWidth(cell: Cell | null): number {
  if (!cell) return 0;
  if (cell.t !== 'n') return String(cell.v).length;
  const v = Number(cell.v);
  if (cell.z === EURO_FORMAT) return v.toFixed(2).length + (Math.abs(v) >= 1000 ? 1 : 0) + 2;
  return (v * 100).toFixed(1).length + 2;
}

/** The ISO day as a spreadsheet day number (days since 1899-12-30), shown as DATE_FORMAT. */
function dateCell(isoDate: string): Cell {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return { t: 'n', v: Date.UTC(y, m - 1, d) / 86_400_000 + 25_569, z: DATE_FORMAT };
}

/**
 * "dd/mm/yyyy hh:mm" in Belgian time, as the tool shows the prices' times: the worker's own zone is the
 * device's, which may not be the counter's. The digits read the same in every language.
 */
function localTime(iso: string): string {
  return `${formatDateTime(iso, 'fr', DAY_MONTH_YEAR)} ${formatClockTime(iso, 'fr')}`;
}

/** "at Farmaline, Medi-Market, from … to … (DEMO …)": which shops and when the prices were read. */
export function sourceLine(source: PriceSource, labels: ExportLabels): string {
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  const shops = source.shops.length > 0 ? source.shops.join(', ') : labels.source.unknownShops;
  const from = source.from ? localTime(source.from) : null;
  const to = source.to ? localTime(source.to) : null;
  const when = !from
    ? labels.source.none
    : !to || to === from
      ? fill(labels.source.single, { shops, from })
      : fill(labels.source.range, { shops, from, to });
  return source.demo ? `${when} ${labels.source.demo}` : when;
}

/** The workbook as bytes, ready to be saved as `exportFileName(...)`. */
export function writeGroupWorkbook(xlsx: SheetJsWriter, input: GroupExport): Uint8Array {
  const { labels, settings } = input;
  const meta: [string, Cell][] = [
    [labels.meta.group, text(input.groupName)],
    [labels.meta.strategy, text(labels.strategies[settings.strategy])],
    [labels.meta.idealMargin, wholePercent(settings.idealMarginPercent)],
    [labels.meta.minMargin, wholePercent(settings.minMarginPercent)],
    [labels.meta.date, dateCell(input.date)],
    [labels.meta.source, text(sourceLine(input.source, labels))],
    [labels.meta.vat, text(labels.source.vatNote)],
  ];
  const grid: (Cell | null)[][] = [
    ...meta.map(([label, value]) => [text(label), value]),
    [],
    EXPORT_COLUMNS.map((column) => text(labels.columns[column])),
    ...input.rows.map((row) => {
      const cells = productCells(row, labels);
      return EXPORT_COLUMNS.map((column) => cells[column]);
    }),
  ];

  const sheet: XLSX.WorkSheet = {};
  grid.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      if (cell) sheet[xlsx.utils.encode_cell({ r, c })] = cell;
    }),
  );
  const lastColumn = EXPORT_COLUMNS.length - 1;
  sheet['!ref'] = xlsx.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: grid.length - 1, c: lastColumn } });
  // Widths that print one page wide at 8 pt or more, the long texts wrapping (print-layout.ts).
  const body = grid.slice(HEADER_ROW + 1);
  const layout = printLayout(
    EXPORT_COLUMNS,
    labels.columns,
    EXPORT_COLUMNS.map((_, c) => Math.max(0, ...body.map((cells) => displayWidth(cells[c] ?? null)))),
  );
  sheet['!cols'] = layout.widths.map((wch) => ({ wch }));
  sheet['!rows'] = [];
  sheet['!rows'][HEADER_ROW] = { hpt: layout.headerHeight };
  // A metadata text (the group's name, which shops, the VAT note) wraps across the table's width, in
  // one cell merged from B to the last column, so that none of it runs off the printed page.
  const besideLabel = layout.widths.slice(1).reduce((sum, w) => sum + w + 1, 0);
  const metaText = meta.flatMap(([, value], r) => (value.t === 's' ? [r] : []));
  sheet['!merges'] = metaText.map((r) => ({ s: { r, c: 1 }, e: { r, c: lastColumn } }));
  meta.forEach(([label, value], r) => {
    const lines = Math.max(
      wrappedLines(label, layout.widths[0] ?? 0, BOLD),
      value.t === 's' ? wrappedLines(String(value.v), besideLabel) : 1,
    );
    if (lines > 1) sheet['!rows']![r] = { hpt: rowHeight(lines) };
  });
  // A product row is as tall as its most wrapped text: spreadsheets do not grow a row on opening.
  body.forEach((cells, i) => {
    const lines = Math.max(
      1,
      ...layout.wrapped.map((wraps, c) =>
        wraps && cells[c] ? wrappedLines(String(cells[c].v), layout.widths[c] ?? 0) : 1,
      ),
    );
    if (lines > 1) sheet['!rows']![HEADER_ROW + 1 + i] = { hpt: rowHeight(lines) };
  });
  // The filter's drop-downs on the header; SheetJS extends it down to the last product row.
  sheet['!autofilter'] = {
    ref: xlsx.utils.encode_range({ s: { r: HEADER_ROW, c: 0 }, e: { r: HEADER_ROW, c: lastColumn } }),
  };
  sheet['!margins'] = {
    left: SIDE_MARGIN_IN,
    right: SIDE_MARGIN_IN,
    top: 0.5,
    bottom: 0.6,
    header: 0.3,
    footer: 0.3,
  };

  const workbook = xlsx.utils.book_new();
  const sheetName = labels.sheet.slice(0, 31);
  xlsx.utils.book_append_sheet(workbook, sheet, sheetName);
  workbook.Props = { Title: input.groupName };
  // The header row printed again at the top of every page.
  const quoted = `'${sheetName.replace(/'/g, "''")}'`;
  workbook.Workbook = {
    Names: [{ Name: '_xlnm.Print_Titles', Sheet: 0, Ref: `${quoted}!$${HEADER_ROW + 1}:$${HEADER_ROW + 1}` }],
  };
  const bytes = new Uint8Array(
    xlsx.write(workbook, { type: 'array', bookType: 'xlsx', bookSST: true, compression: true }) as ArrayBuffer,
  );
  const boldCells = [
    ...meta.map((_, r) => xlsx.utils.encode_cell({ r, c: 0 })),
    ...EXPORT_COLUMNS.map((_, c) => xlsx.utils.encode_cell({ r: HEADER_ROW, c })),
  ];
  const wrapCells = [
    ...metaText.map((r) => xlsx.utils.encode_cell({ r, c: 1 })),
    ...body.flatMap((cells, i) =>
      layout.wrapped.flatMap((wraps, c) =>
        wraps && cells[c] ? [xlsx.utils.encode_cell({ r: HEADER_ROW + 1 + i, c })] : [],
      ),
    ),
  ];
  return printSetup(xlsx.CFB, freezeTopRows(xlsx.CFB, bytes, HEADER_ROW + 1), { boldCells, wrapCells });
}
