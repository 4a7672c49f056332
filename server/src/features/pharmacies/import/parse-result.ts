import type { PharmacyRecord } from '../pharmacy-record';

/** One row the importer refused, with the row or feature number people can find in the file. */
export interface BadRow {
  row: number;
  reason: string;
}

export interface ParseResult {
  format: 'fagg' | 'geojson' | 'overpass';
  records: PharmacyRecord[];
  bad: BadRow[];
}

/** Collapses inner whitespace and trims; spreadsheets are full of double spaces and line breaks. */
export function clean(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/\s+/g, ' ').trim();
}

/** Refuses duplicate ids after parsing (the second occurrence is the bad row). */
export function dropDuplicates(records: Array<{ row: number; record: PharmacyRecord }>, bad: BadRow[]) {
  const seen = new Set<string>();
  const out: PharmacyRecord[] = [];
  for (const { row, record } of records) {
    if (seen.has(record.id)) bad.push({ row, reason: `duplicate id ${record.id}` });
    else {
      seen.add(record.id);
      out.push(record);
    }
  }
  return out;
}
