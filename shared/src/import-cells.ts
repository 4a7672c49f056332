// Reading one spreadsheet or CSV cell as what pharmacy software puts there: CNKs stored as numbers
// (leading zero lost), comma decimals, currency signs, VAT as 6, "6 %" or 0.06 (a percent-formatted cell).
import { normaliseCnk } from './cnk';

export type SheetCell = string | number | boolean | Date | null | undefined;

export function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

export function isBlankCell(cell: SheetCell): boolean {
  return cellText(cell) === '';
}

/** The 7-digit CNK of a cell, or null. A number keeps only its digits: 123456 becomes "0123456". */
export function parseCnkCell(cell: SheetCell): string | null {
  if (typeof cell === 'number') {
    return Number.isInteger(cell) && cell >= 100_000 && cell <= 9_999_999 ? String(cell).padStart(7, '0') : null;
  }
  if (typeof cell !== 'string') return null;
  // A leading apostrophe is how spreadsheets mark "keep as text" in some CSV exports.
  return normaliseCnk(cell.trim().replace(/^'/, ''));
}

/**
 * Whether a cell read as a CNK had 6 digits: the leading zero a spreadsheet drops from a number was put
 * back, a change the import preview states.
 */
export function cnkZeroRestored(cell: SheetCell): boolean {
  return cellText(cell).replace(/\D/g, '').length === 6;
}

/** A decimal amount: "3,50", "1.234,56", "1,234.56", "€ 3,50", "3.50 EUR". Null when empty. */
export function parseDecimalCell(cell: SheetCell): number | null | 'invalid' {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : 'invalid';
  const raw = cellText(cell)
    .replace(/€|eur(o|os)?\b/gi, '')
    .replace(/[\s\u00a0\u202f']/g, '');
  if (raw === '') return null;
  if (!/^-?[\d.,]+$/.test(raw)) return 'invalid';
  const lastComma = raw.lastIndexOf(',');
  const lastDot = raw.lastIndexOf('.');
  // Whichever separator comes last is the decimal one; the other groups thousands.
  const normalised = lastComma > lastDot ? raw.replace(/\./g, '').replace(',', '.') : raw.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return 'invalid';
  const value = Number(normalised);
  return Number.isFinite(value) ? value : 'invalid';
}

/** A catalogue price excl. VAT: positive, below a sanity cap. */
export function parsePriceCell(cell: SheetCell): number | null | 'invalid' {
  const value = parseDecimalCell(cell);
  if (value === null || value === 'invalid') return value;
  return value > 0 && value < 100_000 ? value : 'invalid';
}

/** A VAT rate in percent: 6, "6 %", "21,0" or 0.06 (a cell formatted as a percentage). */
export function parseVatCell(cell: SheetCell): number | null | 'invalid' {
  const text = typeof cell === 'string' ? cell.replace(/%/g, '') : cell;
  const value = parseDecimalCell(text);
  if (value === null || value === 'invalid') return value;
  const percent = value > 0 && value < 1 ? value * 100 : value;
  if (percent < 0 || percent >= 100) return 'invalid';
  return Math.round(percent * 100) / 100;
}
