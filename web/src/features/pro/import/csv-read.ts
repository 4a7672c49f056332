// CSV and text exports: the separator is guessed from the first lines, papaparse does the quoting,
// and each record keeps the line it starts on so rejected rows point at the right line.
import Papa from 'papaparse';
import type { SheetRow } from '@pharmaradar/shared/import-table';

export const DELIMITERS = ['\t', ';', ','] as const;
export type Delimiter = (typeof DELIMITERS)[number];
const SAMPLE_LINES = 50;

function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false;
  let count = 0;
  for (const char of line) {
    if (char === '"') inQuotes = !inQuotes;
    else if (char === delimiter && !inQuotes) count++;
  }
  return count;
}

/**
 * The separator that splits the most sample lines into the same number of fields. Counting the lines
 * that agree (not raw occurrences) keeps "3,50" decimals from outvoting a ";" that every line shares;
 * ties go to tab, then ";", then ",".
 */
export function detectDelimiter(text: string): Delimiter {
  const lines = text
    .split(/\r\n|\n|\r/, SAMPLE_LINES * 2)
    .filter((l) => l.trim() !== '')
    .slice(0, SAMPLE_LINES);
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const byCount = new Map<number, number>();
    for (const line of lines) {
      const count = countOutsideQuotes(line, delimiter);
      if (count > 0) byCount.set(count, (byCount.get(count) ?? 0) + 1);
    }
    const score = Math.max(0, ...byCount.values());
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

export function readCsvRows(text: string): { rows: SheetRow[]; delimiter: Delimiter } {
  const delimiter = detectDelimiter(text);
  const rows: SheetRow[] = [];
  let line = 1;
  let consumed = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    header: false,
    skipEmptyLines: false,
    step: (result) => {
      rows.push({ line, cells: result.data });
      const cursor = result.meta.cursor;
      // Newlines inside quoted fields belong to this record: the next one starts further down.
      for (let i = consumed; i < cursor; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
      }
      consumed = cursor;
    },
  });
  return { rows, delimiter };
}
