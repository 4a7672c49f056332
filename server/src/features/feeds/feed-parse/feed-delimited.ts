import { FeedError } from './feed-error';
import { FEED_FIELDS, type FeedField, type RawFeedItem } from './feed-item';
import type { FeedPushReader } from './feed-xml';

// Tab- or comma-separated feeds with a header line: Google Merchant Center's TSV
// (https://support.google.com/merchants/answer/160567) and affiliate networks' CSV exports (Awin,
// TradeTracker, Daisycon), whose column names a map turns into Google's attribute names. Quoting is
// RFC 4180's: a field in double quotes may hold the delimiter, line breaks and doubled quotes.

/** Our field -> the feed's column name (RETAILER_FEED_COLUMNS' JSON file). */
export type ColumnMap = Partial<Record<FeedField, string>>;

const REQUIRED: readonly FeedField[] = ['id', 'title', 'price'];

/** The delimiter of a header line: a tab, else whichever of ; and , it holds more of. */
function delimiterOf(header: string): string {
  if (header.includes('\t')) return '\t';
  return header.split(';').length > header.split(',').length ? ';' : ',';
}

/** Header cell -> field: the map's column names when given, else Google's names (any case, g: allowed). */
function fieldsOf(header: string[], columns: ColumnMap | undefined): Array<FeedField | null> {
  const wanted = new Map<string, FeedField>(
    columns
      ? Object.entries(columns).map(([field, column]) => [column.trim().toLowerCase(), field as FeedField])
      : FEED_FIELDS.map((f) => [f, f]),
  );
  const fields = header.map((cell) => wanted.get(cell.trim().toLowerCase().replace(/^g:/, '')) ?? null);
  const missing = REQUIRED.filter((f) => !fields.includes(f));
  if (missing.length > 0) {
    const names = missing.map((f) => (columns ? (columns[f] ?? `${f} (not in the column map)`) : f));
    throw new FeedError('malformed', `the header has no column ${names.join(', ')}`);
  }
  return fields;
}

/** A push reader of a delimited feed; each row goes to `onItem` once its line ends. Throws FeedError. */
export function delimitedFeedReader(onItem: (item: RawFeedItem) => void, columns?: ColumnMap): FeedPushReader {
  let delimiter: string | null = null;
  let fields: Array<FeedField | null> | null = null;
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteSeen = false;
  let line = 1;
  let pendingCR = false;
  let rowStarted = false;
  let headerProbe = '';

  const endRow = () => {
    row.push(cell);
    cell = '';
    const cells = row;
    row = [];
    rowStarted = false;
    if (!fields) {
      fields = fieldsOf(cells, columns);
      return;
    }
    if (cells.length === 1 && cells[0]!.trim() === '') return;
    if (cells.length !== fields.length) {
      throw new FeedError('malformed', `line ${line}: ${cells.length} cells where the header has ${fields.length}`);
    }
    const item: RawFeedItem = {};
    cells.forEach((value, i) => {
      const field = fields![i];
      if (field) item[field] = value;
    });
    onItem(item);
  };

  const consume = (chunk: string) => {
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i]!;
      if (pendingCR) {
        pendingCR = false;
        if (ch === '\n') continue;
      }
      if (quoted) {
        if (ch === '"') {
          quoted = false;
          quoteSeen = true;
        } else {
          if (ch === '\n') line++;
          cell += ch;
        }
        continue;
      }
      if (ch === '"') {
        // Opening quote at a cell's start, or a doubled quote inside a quoted cell.
        if (cell === '' && !quoteSeen) quoted = true;
        else if (quoteSeen) {
          cell += '"';
          quoted = true;
        } else cell += ch;
        rowStarted = true;
        continue;
      }
      quoteSeen = false;
      if (ch === delimiter) {
        row.push(cell);
        cell = '';
        rowStarted = true;
      } else if (ch === '\n' || ch === '\r') {
        pendingCR = ch === '\r';
        endRow();
        line++;
      } else {
        cell += ch;
        rowStarted = true;
      }
    }
  };

  return {
    write(chunk) {
      if (delimiter === null) {
        // The header decides the delimiter: wait for its line end before reading anything.
        headerProbe += chunk;
        const end = headerProbe.search(/[\r\n]/);
        if (end < 0 && headerProbe.length < 64 * 1024) return;
        delimiter = delimiterOf(end < 0 ? headerProbe : headerProbe.slice(0, end));
        chunk = headerProbe.replace(/^\uFEFF/, '');
        headerProbe = '';
      }
      consume(chunk);
    },
    end() {
      if (delimiter === null) {
        delimiter = delimiterOf(headerProbe);
        consume(headerProbe.replace(/^\uFEFF/, ''));
      }
      if (quoted) throw new FeedError('truncated', `line ${line}: the feed ends inside a quoted cell`);
      if (rowStarted || cell !== '') {
        const expected = fields?.length ?? 0;
        if (fields && row.length + 1 < expected) {
          throw new FeedError('truncated', `line ${line}: the feed ends inside a row`);
        }
        endRow();
      }
      if (!fields) throw new FeedError('empty', 'the feed has no header line');
    },
  };
}
