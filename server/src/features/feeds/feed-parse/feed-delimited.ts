import Papa from 'papaparse';
import { FeedError } from './feed-error';
import { FEED_FIELDS, type FeedField, type RawFeedItem } from './feed-item';
import type { FeedPushReader } from './feed-xml';

// Tab- or comma-separated feeds with a header line: Google Merchant Center's TSV
// (https://support.google.com/merchants/answer/160567) and affiliate networks' CSV exports (Awin,
// TradeTracker, Daisycon), whose column names a map turns into Google's attribute names. Quoting is
// RFC 4180's: a field in double quotes may hold the delimiter, line breaks and doubled quotes. Cells are
// read by papaparse (as the web reads CSV), one chunk at a time like its own stream readers do.

/** Our field -> the feed's column name (RETAILER_FEED_COLUMNS' JSON file). */
export type ColumnMap = Partial<Record<FeedField, string>>;

const REQUIRED: readonly FeedField[] = ['id', 'title', 'price'];

/** The delimiter of a header line: a tab, else whichever of ; and , it holds more of. */
function delimiterOf(header: string): string {
  if (header.includes('\t')) return '\t';
  return header.split(';').length > header.split(',').length ? ';' : ',';
}

/** The line break of a header line, or null while the text does not show it whole (a CR may yet be a CRLF). */
function newlineOf(text: string): '\r\n' | '\r' | '\n' | null {
  const end = text.search(/[\r\n]/);
  if (end < 0 || (text[end] === '\r' && end === text.length - 1)) return null;
  return text[end] === '\n' ? '\n' : text[end + 1] === '\n' ? '\r\n' : '\r';
}

/**
 * A header cell as Google's attribute name: Google's current template writes "Title [title]", "Image
 * link [image_link]" (the name is in the brackets); older files "image_link", "g:image_link" or
 * "image link" (a space for each underscore). Any case.
 */
function googleName(cell: string): string {
  const bracketed = /\[([^\]]+)\]\s*$/.exec(cell);
  return (bracketed ? bracketed[1]! : cell).trim().toLowerCase().replace(/^g:/, '').replace(/\s+/g, '_');
}

/** Header cell -> field: the map's column names when given (any case), else Google's names. */
function fieldsOf(header: string[], columns: ColumnMap | undefined): Array<FeedField | null> {
  const byColumn = new Map<string, FeedField>(
    Object.entries(columns ?? {}).map(([field, column]) => [column.trim().toLowerCase(), field as FeedField]),
  );
  const google = new Set<string>(FEED_FIELDS);
  const fieldOf = (cell: string): FeedField | null => {
    if (columns) return byColumn.get(cell.trim().toLowerCase()) ?? null;
    const name = googleName(cell);
    return google.has(name) ? (name as FeedField) : null;
  };
  const fields = header.map(fieldOf);
  const missing = REQUIRED.filter((f) => !fields.includes(f));
  if (missing.length > 0) {
    const names = missing.map((f) => (columns ? (columns[f] ?? `${f} (not in the column map)`) : f));
    throw new FeedError('malformed', `the header has no column ${names.join(', ')}`);
  }
  return fields;
}

/** A push reader of a delimited feed; each row goes to `onItem` once its line ends. Throws FeedError. */
export function delimitedFeedReader(onItem: (item: RawFeedItem) => void, columns?: ColumnMap): FeedPushReader {
  let parser: Papa.Parser | null = null;
  let fields: Array<FeedField | null> | null = null;
  /** Text not yet read into rows: a row whose line has not ended, or the header being probed. */
  let pending = '';
  let line = 1;

  const takeRow = (cells: string[]) => {
    const at = line;
    // A quoted cell's line breaks are lines of the file too.
    line += 1 + cells.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    if (!fields) {
      fields = fieldsOf(cells, columns);
      return;
    }
    if (cells.length === 1 && cells[0]!.trim() === '') return;
    if (cells.length !== fields.length) {
      throw new FeedError('malformed', `line ${at}: ${cells.length} cells where the header has ${fields.length}`);
    }
    const item: RawFeedItem = {};
    cells.forEach((value, i) => {
      const field = fields![i];
      if (field) item[field] = value;
    });
    onItem(item);
  };

  /** Reads the whole rows of `pending`, keeping an unfinished last one for the next chunk. */
  const readRows = (parser: Papa.Parser) => {
    const result = parser.parse(pending, 0, true) as Papa.ParseResult<string[]>;
    result.data.forEach(takeRow);
    pending = pending.slice(result.meta.cursor);
  };

  /** Reads what is left at the end: the last row is whatever follows the last line break. */
  const readLastRows = (parser: Papa.Parser) => {
    const result = parser.parse(pending, 0, false) as Papa.ParseResult<string[]>;
    pending = '';
    const last = result.data.pop() ?? [''];
    result.data.forEach(takeRow);
    if (result.errors.some((e) => e.code === 'MissingQuotes')) {
      throw new FeedError('truncated', `line ${line}: the feed ends inside a quoted cell`);
    }
    // Nothing after the last line break reads as one empty cell; a short last row was cut off mid-way.
    const blank = last.length === 1 && last[0] === '';
    if (fields && !blank && last.length < fields.length) {
      throw new FeedError('truncated', `line ${line}: the feed ends inside a row`);
    }
    takeRow(last);
  };

  /** The parser, once the header line shows its delimiter and line break (or the feed ends). */
  const parserFor = (atEnd: boolean): Papa.Parser | null => {
    if (parser) return parser;
    pending = pending.replace(/^\uFEFF/, '');
    const newline = newlineOf(pending);
    if (!newline && !atEnd && pending.length < 64 * 1024) return null;
    const end = pending.search(/[\r\n]/);
    parser = new Papa.Parser({
      delimiter: delimiterOf(end < 0 ? pending : pending.slice(0, end)),
      newline: newline ?? '\n',
    });
    return parser;
  };

  return {
    write(chunk) {
      pending += chunk;
      const ready = parserFor(false);
      if (ready) readRows(ready);
    },
    end() {
      if (pending !== '') readLastRows(parserFor(true)!);
      if (!fields) throw new FeedError('empty', 'the feed has no header line');
    },
  };
}
