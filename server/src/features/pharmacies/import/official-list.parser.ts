import * as XLSX from 'xlsx';
import type { PharmacyRecord } from '../pharmacy-record';
import { isInBelgium, lambert2008ToWgs84 } from './lambert';
import { clean, dropDuplicates, type BadRow, type ParseResult } from './parse-result';

type Column = 'id' | 'name' | 'address' | 'postal' | 'city' | 'status' | 'x' | 'y';

/**
 * Header words of the FAGG/AFMPS list (Lst_Pharmacies_pub_Extended.xlsx): a title row, then a header
 * row (authorisation number, name, address, postal code, municipality, status, holder, operator,
 * X, Y in Lambert 2008), then the pharmacies, then a footer note. Headers are matched by words in
 * French, Dutch or English so a reordered or relabelled export still imports.
 */
const HEADER_PATTERNS: Record<Column, RegExp> = {
  id: /autori[sz]|toelating|\bn[°or]\.?(?:\s|$)|^id$/i,
  name: /^(nom|naam|name|d[ée]nomination|benaming)\b/i,
  address: /adres/i,
  postal: /postal|postcode|code\s*post/i,
  city: /commune|gemeente|municipal|localit|city|ville/i,
  status: /statut|status/i,
  // "X", "X (Lambert 2008)", "Coordonnée X", "Lambert X": the letter on its own, never inside a word.
  x: /(?:^|[\s_/(-])x(?:$|[\s_/)(:-])/i,
  y: /(?:^|[\s_/(-])y(?:$|[\s_/)(:-])/i,
};
const REQUIRED: Column[] = ['id', 'name', 'address', 'postal', 'city', 'x', 'y'];

/** An empty status means active; the list writes the suspension otherwise. */
const OPEN_STATUS = /^(|actif|active|actief|open|ouvert|geopend)$/i;

function findHeader(rows: unknown[][]): { index: number; columns: Partial<Record<Column, number>> } | null {
  for (let index = 0; index < Math.min(rows.length, 20); index++) {
    const columns: Partial<Record<Column, number>> = {};
    (rows[index] ?? []).forEach((cell, i) => {
      const text = clean(cell);
      for (const [column, pattern] of Object.entries(HEADER_PATTERNS) as Array<[Column, RegExp]>) {
        if (columns[column] === undefined && text && pattern.test(text)) {
          columns[column] = i;
          break;
        }
      }
    });
    if (REQUIRED.every((c) => columns[c] !== undefined)) return { index, columns };
  }
  return null;
}

const toNumber = (value: unknown): number =>
  typeof value === 'number' ? value : Number(clean(value).replace(/\s/g, '').replace(',', '.'));

/** Parses the official list (xlsx, or a CSV export of it) from its bytes. */
export function parseOfficialList(bytes: Uint8Array): ParseResult {
  // raw: a CSV's cells stay text, so authorisation numbers keep their leading zeros (xlsx cells are typed).
  const workbook = XLSX.read(bytes, { type: 'array', raw: true, cellText: false, dense: true });
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  const rows = sheet ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '' }) : [];
  const header = findHeader(rows);
  if (!header) {
    return {
      format: 'fagg',
      records: [],
      bad: [{ row: 0, reason: 'no header row with name, address, postal code, municipality and X/Y columns' }],
    };
  }
  const col = header.columns as Record<Column, number>;
  const bad: BadRow[] = [];
  const parsed: Array<{ row: number; record: PharmacyRecord }> = [];
  for (let i = header.index + 1; i < rows.length; i++) {
    const cells = rows[i] ?? [];
    const row = i + 1; // spreadsheet row number
    // Blank lines and the footer note ("Mise à jour…", a single cell) are not pharmacies.
    if (cells.filter((cell) => clean(cell) !== '').length <= 1) continue;
    const get = (c: Column) => (col[c] === undefined ? '' : clean(cells[col[c]]));
    const id = get('id');
    const name = get('name');
    const postal = get('postal');
    const x = toNumber(cells[col.x]);
    const y = toNumber(cells[col.y]);
    const reason = !id
      ? 'missing authorisation number'
      : !name
        ? 'missing name'
        : name.length > 200
          ? 'name longer than 200 characters'
          : !/^\d{4}$/.test(postal)
            ? `postal code "${postal}" is not 4 digits`
            : !Number.isFinite(x) || !Number.isFinite(y) || clean(cells[col.x]) === '' || clean(cells[col.y]) === ''
              ? 'X/Y coordinates missing or not numbers'
              : null;
    if (reason) {
      bad.push({ row, reason });
      continue;
    }
    const { lat, lon } = lambert2008ToWgs84(x, y);
    if (!isInBelgium(lat, lon)) {
      bad.push({ row, reason: `X/Y ${x}, ${y} is not in Belgium (Lambert 2008 expected)` });
      continue;
    }
    parsed.push({
      row,
      record: {
        id: `fagg:${id}`,
        source: 'fagg',
        name,
        address: get('address'),
        postal_code: postal,
        city: get('city'),
        lat: Math.round(lat * 1e7) / 1e7,
        lon: Math.round(lon * 1e7) / 1e7,
        is_open: OPEN_STATUS.test(get('status')),
      },
    });
  }
  return { format: 'fagg', records: dropDuplicates(parsed, bad), bad };
}
