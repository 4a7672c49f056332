// How the export's sheet is laid out so that, printed on A4 landscape one page wide, its text is at
// least 8 pt (ADR 226). Pure arithmetic on character counts: SheetJS's body font is 12 pt Calibri,
// and a column `wch` characters wide is written `wch + 5/6` wide.
import type { ExportColumn } from './export-labels';

const FONT_PT = 12;
const MIN_PRINTED_PT = 8;
/** A4 landscape, in points; left and right margins in inches, as `!margins` writes them. */
const PAGE_WIDTH_PT = 841.89;
export const SIDE_MARGIN_IN = 0.25;
/** One character of column width at 100 %, in points: 6 in Excel, 6.4 as LibreOffice prints it. */
const CHAR_PT = 6.4;
/** What SheetJS adds to `wch` in the written width (its cell padding, 5 px of a 6 px digit). */
const CELL_PAD = 5 / 6;
/** A line of 12 pt text in a row, and the row's own padding, in points. */
const LINE_PT = 15;
const ROW_PAD_PT = 3;
/**
 * A letter's width in digits (what column widths count): Calibri's letters are narrower than its
 * digits, bold ones a little less so. Slightly generous, so that rows are never too short for their text.
 */
const LETTER = 0.9;
export const BOLD = 0.95;

/** Texts that wrap within a capped column; everything else gets the width it needs on one line. */
const WRAPPED: ReadonlySet<ExportColumn> = new Set(['name', 'official', 'note']);
const WRAPPED_MIN = 14;
const WRAPPED_MAX = 40;
/** A header word longer than this breaks inside the word rather than widening a number's column. */
const HEADER_WORD_MAX = 11;

const printableWidth = PAGE_WIDTH_PT - 2 * SIDE_MARGIN_IN * 72;
/** All the columns' widths, in characters, at which 12 pt text prints at 8 pt (less a little slack). */
const WIDTH_BUDGET = Math.floor((printableWidth * (FONT_PT / MIN_PRINTED_PT)) / CHAR_PT) - 2;

export type PrintLayout = {
  /** Column widths (`wch`), in EXPORT_COLUMNS order. */
  widths: number[];
  /** Which columns wrap their text. */
  wrapped: boolean[];
  /** The header row's height in points, tall enough for its most wrapped label. */
  headerHeight: number;
};

/** Lines a text takes in a column `width` characters wide, words first, a too-long word broken. */
export function wrappedLines(textValue: string, width: number, charWidth = LETTER): number {
  const room = Math.max(1, width - 1);
  let lines = 1;
  let used = 0;
  for (const word of textValue.split(/\s+/).filter(Boolean)) {
    const w = word.length * charWidth;
    const need = used === 0 ? w : used + charWidth + w;
    if (need <= room) used = need;
    else if (used === 0) {
      lines += Math.ceil(w / room) - 1;
      used = w % room || room;
    } else {
      lines += 1 + Math.ceil(w / room) - 1;
      used = w % room || room;
    }
  }
  return lines;
}

/** A row's height in points for the given number of lines of 12 pt text. */
export const rowHeight = (lines: number) => Math.ceil(lines * LINE_PT + ROW_PAD_PT);

const longestWord = (label: string) => Math.max(...label.split(/\s+/).map((w) => w.length));

/**
 * Widths: each unwrapped column as wide as its widest value and its header's longest word; the wrapped
 * texts share what is left of the width budget, the longest shrunk first, none below WRAPPED_MIN. When
 * even that is too wide, the headers give way first (their long words wrap, or break inside the word)
 * rather than the print shrinking below 8 pt. `need[c]` is column c's widest value in characters.
 */
export function printLayout(
  columns: readonly ExportColumn[],
  headers: Readonly<Record<ExportColumn, string>>,
  need: readonly number[],
): PrintLayout {
  const wrapped = columns.map((c) => WRAPPED.has(c));
  const natural = columns.map((c, i) => Math.max(6, (need[i] ?? 0) + 2));
  let widths: number[] = [];
  for (let headerCap = HEADER_WORD_MAX; headerCap >= 0; headerCap -= 1) {
    const headerNeed = (c: ExportColumn) => Math.min(headerCap, Math.ceil(longestWord(headers[c]) * BOLD) + 1);
    widths = columns.map((c, i) => Math.max(natural[i]!, headerNeed(c)));
    const fixed = widths.reduce((sum, w, i) => sum + (wrapped[i] ? 0 : w) + CELL_PAD, 0);
    const room = WIDTH_BUDGET - fixed;
    // The highest common cap that fits: the longest texts give way first, the short ones keep their width.
    let cap = WRAPPED_MAX;
    const share = () => widths.reduce((sum, w, i) => sum + (wrapped[i] ? Math.min(w, cap) : 0), 0);
    while (cap > WRAPPED_MIN && share() > room) cap -= 1;
    widths = widths.map((w, i) => (wrapped[i] ? Math.min(w, cap) : w));
    if (share() <= room) break;
  }
  const headerLines = Math.max(...columns.map((c, i) => wrappedLines(headers[c], widths[i]!, BOLD)));
  return { widths, wrapped, headerHeight: rowHeight(headerLines) };
}
