import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DECISIONS_DIR,
  expectedRow,
  formatRow,
  linkExists,
  parseRecord,
  readIndex,
  readRecords,
  statusWord,
  supersededBy,
} from './decision-records';

// Every decision record says where it stands, and docs/decisions/README.md indexes them all with the
// same status (ADR 138). Failures print the exact line to write, so a new record is one pasted row.

const records = readRecords();
const index = readIndex(readFileSync(join(DECISIONS_DIR, 'README.md'), 'utf8'));
const TEMPLATE_LINES =
  "copy the two lines of 000-template.md under the title: '- Status: accepted' and '- Date: YYYY-MM-DD'";

describe('decision records', () => {
  it('each has a Status line (accepted, superseded or retired) and a Date line under its title', () => {
    const problems = records.flatMap((r) => {
      const out: string[] = [];
      if (r.status === null) out.push(`docs/decisions/${r.file} has no '- Status:' line: ${TEMPLATE_LINES}.`);
      else if (statusWord(r.status) === null)
        out.push(`docs/decisions/${r.file}: its Status '${r.status}' must start with accepted, superseded or retired.`);
      if (r.date === null) out.push(`docs/decisions/${r.file} has no '- Date: YYYY-MM-DD' line: ${TEMPLATE_LINES}.`);
      return out;
    });
    expect(problems.join('\n')).toBe('');
  });

  it('no two records share a number, and a superseded one names records that exist', () => {
    const numbers = new Set(records.map((r) => r.number));
    const problems = [
      ...records
        .filter((r, i) => records.findIndex((o) => o.number === r.number) !== i)
        .map((r) => `two records are numbered ${r.number} (${r.file}): renumber one and its links.`),
      ...records.flatMap((r) =>
        supersededBy(r.status ?? '')
          .filter((n) => !numbers.has(n))
          .map((n) => `docs/decisions/${r.file} says it is superseded by ${n}, which is not a record.`),
      ),
      ...records
        .filter((r) => statusWord(r.status ?? '') === 'superseded' && supersededBy(r.status ?? '').length === 0)
        .map((r) => `docs/decisions/${r.file} is superseded but does not say by which: 'superseded by NNN (what)'.`),
    ];
    expect(problems.join('\n')).toBe('');
  });

  it('the index lists every record with its title and status, and nothing else', () => {
    const problems: string[] = [];
    for (const record of records) {
      const want = expectedRow(record);
      const rows = index.filter((row) => row.number === record.number);
      if (rows.length === 0) {
        problems.push(
          `docs/decisions/README.md does not list ${record.file}. Add this row to its table (in number order):\n  ${formatRow(want)}`,
        );
        continue;
      }
      const row = rows[0]!;
      if (
        row.title !== want.title ||
        row.link !== want.link ||
        row.status !== want.status ||
        row.supersededBy !== want.supersededBy
      ) {
        problems.push(
          `docs/decisions/README.md row ${record.number} does not match ${record.file} (Status: ${record.status}). Replace it with:\n  ${formatRow(want)}`,
        );
      }
    }
    const numbers = new Set(records.map((r) => r.number));
    for (const row of index) {
      if (row.status === 'moved') {
        if (numbers.has(row.number))
          problems.push(`docs/decisions/README.md row ${row.number} says moved, but the record is still here.`);
        else if (!linkExists(row.link))
          problems.push(
            `docs/decisions/README.md row ${row.number} (moved) links to ${row.link}, which does not exist.`,
          );
      } else if (!numbers.has(row.number)) {
        problems.push(`docs/decisions/README.md lists ${row.number}, but no docs/decisions/${row.number}-*.md exists.`);
      }
    }
    expect(problems.join('\n')).toBe('');
  });

  it('reads Status lines as they are written', () => {
    const record = parseRecord(
      '024-x.md',
      '# 024. Title\n\n- Status: superseded by 070 and 100 (the account-wide\n  ceiling went)\n- Date: 2026-11-22 (split)\n\n## Context\n\n- Status: nope\n',
    );
    expect(record).toEqual({
      number: '024',
      file: '024-x.md',
      title: 'Title',
      status: 'superseded by 070 and 100 (the account-wide ceiling went)',
      date: '2026-11-22',
    });
    expect(formatRow(expectedRow(record))).toBe('| 024 | [Title](024-x.md) | superseded | 070, 100 |');
    const partly = parseRecord(
      '045-y.md',
      '# 045: Billing\n\n- Status: accepted; partly superseded by ADR 097 (quota)\n',
    );
    expect(formatRow(expectedRow(partly))).toBe('| 045 | [Billing](045-y.md) | accepted | 097 (in part) |');
    expect(parseRecord('046-z.md', '# 046: No lines\n\n## Context\n')).toMatchObject({ status: null, date: null });
  });
});
