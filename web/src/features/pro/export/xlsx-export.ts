// The priced group as an .xlsx, written locally (docs/product.md#audience-and-plans): metadata rows (group, strategy, ideal and
// minimum margin, ISO date), a blank row, the header, one row per product. Numbers are numbers with
// euro and percent formats; every text is a shared-string cell, so text beginning with = + - @ is
// shown as typed and never becomes a formula (docs/security.md#uploads-and-spreadsheets, ADR 060).
import type { PricedRow, PricingSettings } from '@pharmaradar/shared/pricing.schema';
import type * as XLSX from 'xlsx';
import { EXPORT_COLUMNS, type ExportColumn, type ExportLabels } from './export-labels';
import { freezeTopRows } from './freeze-rows';

export const EURO_FORMAT = '#,##0.00 "€"';
export const PERCENT_FORMAT = '0.0%';
export const WHOLE_PERCENT_FORMAT = '0%';
export const SIGNED_PERCENT_FORMAT = '+0.0%;-0.0%;0.0%';

export type MarketStatus = 'ok' | 'not_found' | 'retailer_error' | 'invalid_cnk';
export type ExportRow = PricedRow & { marketStatus?: MarketStatus };

export type GroupExport = {
  groupName: string;
  settings: PricingSettings;
  /** YYYY-MM-DD, the user's local day (docs/architecture.md#pro-pricing). */
  date: string;
  labels: ExportLabels;
  rows: readonly ExportRow[];
};

type Cell = XLSX.CellObject;
type SheetJsWriter = Pick<typeof XLSX, 'utils' | 'write' | 'CFB'>;

/** Header row index (0-based): five metadata rows, one blank row. */
export const HEADER_ROW = 6;

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
  else if (card.status === 'no_offers') notes.push(labels.notes.noOffers);
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
    // Text, not a number: a CNK keeps its leading zero.
    cnk: text(row.cnk),
    lowestOffer: money(card.lowestOffer),
    marketReference: money(card.sellPriceInclVat === null ? null : card.marketReference),
    vat: wholePercent(card.vatPercent),
    cataloguePrice: money(card.cataloguePriceExVat),
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

function displayWidth(cell: Cell | null): number {
  if (!cell) return 0;
  if (cell.t === 'n') return 12;
  return String(cell.v).length;
}

/** The workbook as bytes, ready to be saved as `exportFileName(...)`. */
export function writeGroupWorkbook(xlsx: SheetJsWriter, input: GroupExport): Uint8Array {
  const { labels, settings } = input;
  const grid: (Cell | null)[][] = [
    [text(labels.meta.group), text(input.groupName)],
    [text(labels.meta.strategy), text(labels.strategies[settings.strategy])],
    [text(labels.meta.idealMargin), wholePercent(settings.idealMarginPercent)],
    [text(labels.meta.minMargin), wholePercent(settings.minMarginPercent)],
    [text(labels.meta.date), text(input.date)],
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
  sheet['!ref'] = xlsx.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: grid.length - 1, c: EXPORT_COLUMNS.length - 1 },
  });
  // Widths from the header and the products (the long metadata labels may overflow into column B).
  sheet['!cols'] = EXPORT_COLUMNS.map((_, c) => ({
    wch: Math.min(50, Math.max(10, ...grid.slice(HEADER_ROW).map((cells) => displayWidth(cells[c] ?? null) + 2))),
  }));

  const workbook = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(workbook, sheet, labels.sheet.slice(0, 31));
  workbook.Props = { Title: input.groupName };
  const bytes = new Uint8Array(
    xlsx.write(workbook, { type: 'array', bookType: 'xlsx', bookSST: true, compression: true }) as ArrayBuffer,
  );
  return freezeTopRows(xlsx.CFB, bytes, HEADER_ROW + 1);
}
