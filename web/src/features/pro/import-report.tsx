import { useIntl, type IntlShape } from 'react-intl';
import type { ImportDuplicate, ImportNote } from '@pharmaradar/shared/import-table';
import type { Locale } from '@pharmaradar/shared/locales';
import { formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import type { ImportResult } from './import/import-result';

type Remark = { line: number; key: string; kind: string; text: string };

/**
 * Every row the import did not take as written, in file order (docs/decisions/220): lines read as titles
 * above the table, rows refused with why, cells not read or changed, CNKs merged with the price kept.
 * With the rows kept as they are, this accounts for every row of the file.
 */
export function ImportReport({ preview }: { preview: ImportResult }) {
  const intl = useIntl();
  const locale = useLocale();
  const remarks = importRemarks(preview, intl, locale);
  if (remarks.length === 0) return null;
  return (
    <div className="pro-preview__report" data-testid="pro-import-report">
      <p>{intl.formatMessage({ id: 'pro.import.report.title' }, { count: remarks.length })}</p>
      <ul>
        {remarks.map((r) => (
          <li key={r.key} data-kind={r.kind}>
            {r.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

function importRemarks(preview: ImportResult, intl: IntlShape, locale: Locale): Remark[] {
  const lines = (values: readonly number[]) => intl.formatList(values.map(String), { type: 'conjunction' });
  const remarks: Remark[] = [];
  if (preview.skippedLines.length > 0) {
    remarks.push({
      line: preview.skippedLines[0]!,
      key: 'skipped',
      kind: 'skipped',
      text: intl.formatMessage(
        { id: 'pro.import.report.skipped' },
        { count: preview.skippedLines.length, lines: lines(preview.skippedLines) },
      ),
    });
  }
  for (const r of preview.rejected) {
    remarks.push({
      line: r.line,
      key: `rejected-${r.line}`,
      kind: r.reason,
      text: intl.formatMessage(
        { id: 'pro.import.rejectedLine' },
        { line: r.line, reason: intl.formatMessage({ id: `pro.import.reasons.${r.reason}` }), value: r.value },
      ),
    });
  }
  for (const n of preview.notes) {
    remarks.push({ line: n.line, key: `${n.kind}-${n.line}`, kind: n.kind, text: noteText(n, intl) });
  }
  for (const d of preview.duplicates) {
    // Said where the merge happens: at the CNK's second row.
    remarks.push({
      line: d.lines[1]!,
      key: `duplicate-${d.cnk}`,
      kind: 'duplicate',
      text: duplicateText(d, intl, locale, lines),
    });
  }
  return remarks.sort((a, b) => a.line - b.line);
}

function noteText(note: ImportNote, intl: IntlShape): string {
  // A wrong check digit is said in the group table's own words, so the row reads the same in both.
  const mark = note.kind === 'check_digit' ? intl.formatMessage({ id: 'pro.tool.table.marks.invalid_cnk' }) : '';
  return intl.formatMessage({ id: `pro.import.report.${note.kind}` }, { ...note, mark });
}

function duplicateText(
  d: ImportDuplicate,
  intl: IntlShape,
  locale: Locale,
  lines: (values: readonly number[]) => string,
): string {
  const on = { cnk: d.cnk, lines: lines(d.lines) };
  const kept = d.prices.find((p) => p.line === d.keptPriceLine);
  if (!kept) return intl.formatMessage({ id: 'pro.import.report.duplicateNoPrice' }, on);
  const price = formatPrice(kept.price, locale);
  const others = d.prices.filter((p) => p.price !== kept.price);
  if (others.length === 0) {
    const id = d.prices.length > 1 ? 'pro.import.report.duplicateSamePrice' : 'pro.import.report.duplicatePrice';
    return intl.formatMessage({ id }, { ...on, price, line: kept.line });
  }
  const dropped = intl.formatList(
    others.map((p) =>
      intl.formatMessage(
        { id: 'pro.import.report.priceOnLine' },
        { price: formatPrice(p.price, locale), line: p.line },
      ),
    ),
    { type: 'conjunction' },
  );
  return intl.formatMessage(
    { id: 'pro.import.report.duplicateOtherPrices' },
    { ...on, price, line: kept.line, dropped },
  );
}
