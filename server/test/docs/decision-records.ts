import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Reading docs/decisions: each record's number, title and Status/Date lines, and the rows of the index
// (docs/decisions/README.md). Used by decision-records.test.ts; the row format is ADR 138's.

export const DECISIONS_DIR = resolve(import.meta.dirname, '../../../docs/decisions');

export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  /** The Status line's text (continuation lines joined), or null when the record has none. */
  status: string | null;
  date: string | null;
}

export interface IndexRow {
  number: string;
  title: string;
  link: string;
  status: string;
  supersededBy: string;
}

const STATUS_WORDS = ['accepted', 'superseded', 'retired'] as const;

/** Every `NNN-*.md` record but the template, in number order. */
export function readRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file) && !file.startsWith('000-'))
    .sort()
    .map((file) => parseRecord(file, readFileSync(join(dir, file), 'utf8')));
}

export function parseRecord(file: string, text: string): DecisionRecord {
  const lines = text.split('\n');
  const heading = lines.find((line) => line.startsWith('# ')) ?? '';
  const title = heading.replace(/^#\s+\d{3}[.:]?\s*/, '').trim();
  let status: string | null = null;
  let date: string | null = null;
  // Only the lines under the title count, up to the first section.
  for (let i = 0; i < lines.length && !lines[i]!.startsWith('## '); i++) {
    const line = lines[i]!;
    const statusMatch = /^- Status:\s*(.*)$/.exec(line);
    if (statusMatch && status === null) {
      const parts = [statusMatch[1]!.trim()];
      for (let j = i + 1; j < lines.length && /^ {2}\S/.test(lines[j]!); j++) parts.push(lines[j]!.trim());
      status = parts.join(' ');
    }
    const dateMatch = /^- Date:\s*(\d{4}-\d{2}-\d{2})\b/.exec(line);
    if (dateMatch && date === null) date = dateMatch[1]!;
  }
  return { number: file.slice(0, 3), file, title, status, date };
}

/** accepted | superseded | retired, from the first word of the Status line; null for anything else. */
export function statusWord(status: string): (typeof STATUS_WORDS)[number] | null {
  const word = /^[a-z]+/i.exec(status)?.[0]?.toLowerCase();
  return STATUS_WORDS.find((w) => w === word) ?? null;
}

/** The numbers after "superseded by" (optionally "ADR"), e.g. "superseded by 070 and 100 (…)". */
export function supersededBy(status: string): string[] {
  const match = /superseded by (?:ADRs? )?(\d{3}(?:(?:,\s*|\s+and\s+)\d{3})*)/i.exec(status);
  return match ? [...match[1]!.matchAll(/\d{3}/g)].map((m) => m[0]) : [];
}

/** What the index's "superseded by" cell says for a record: "070, 100", or "097 (in part)". */
export function supersededByCell(record: DecisionRecord): string {
  const numbers = supersededBy(record.status ?? '');
  if (numbers.length === 0) return '';
  return statusWord(record.status ?? '') === 'accepted' ? `${numbers.join(', ')} (in part)` : numbers.join(', ');
}

/** The index row a record must have, as it would be written in docs/decisions/README.md. */
export function expectedRow(record: DecisionRecord): IndexRow {
  return {
    number: record.number,
    title: record.title,
    link: record.file,
    status: statusWord(record.status ?? '') ?? '?',
    supersededBy: supersededByCell(record),
  };
}

export function formatRow(row: IndexRow): string {
  return `| ${row.number} | [${row.title}](${row.link}) | ${row.status} | ${row.supersededBy} |`;
}

/** The table rows of the index that start with a record number. */
export function readIndex(text: string): IndexRow[] {
  return text.split('\n').flatMap((line) => {
    const m = /^\|\s*(\d{3})\s*\|\s*\[(.+?)\]\((.+?)\)\s*\|\s*(.*?)\s*\|\s*(.*?)\s*\|\s*$/.exec(line);
    return m ? [{ number: m[1]!, title: m[2]!, link: m[3]!, status: m[4]!, supersededBy: m[5]! }] : [];
  });
}

/** Whether an index link (relative to docs/decisions) names an existing file. */
export function linkExists(link: string, dir = DECISIONS_DIR): boolean {
  return existsSync(resolve(dir, link.replace(/#.*$/, '')));
}
