import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime, formatPercent, formatPrice } from '../../../lib/i18n/format';
import { useLocale } from '../../../lib/i18n/use-locale';
import { Dialog } from '../../../lib/ui/dialog';
import { proStore, type ProGroupRecord, type ProReportRecord } from '../data/pro-store';
import { compareReports, type ReportLine } from './report-compare';
import { TableScroll } from '../table-scroll';
import './report.css';

const SUMMARY_KEYS = ['up', 'down', 'new', 'gone', 'same', 'marginUp', 'marginDown'] as const;

/**
 * The group's report: its latest finished analysis against the previous one (price moves, margin
 * changes), printable from the browser (report.css prints only this dialog).
 */
export function ReportDialog({ group, onClose }: { group: Pick<ProGroupRecord, 'id' | 'name'>; onClose: () => void }) {
  const [reports, setReports] = useState<ProReportRecord[] | null>(null);
  useEffect(() => {
    let live = true;
    void proStore
      .latestReports(group.id)
      .catch(() => [])
      .then((r) => live && setReports(r));
    return () => {
      live = false;
    };
  }, [group.id]);

  return (
    <Dialog labelledBy="pro-report-title" onClose={onClose} className="pro-dialog pro-report" testId="pro-report">
      <h2 id="pro-report-title">
        <FormattedMessage id="pro.report.title" values={{ group: group.name }} />
      </h2>
      {reports === null ? null : reports.length === 0 ? (
        <p role="status">
          <FormattedMessage id="pro.report.none" />
        </p>
      ) : reports.length === 1 ? (
        <p role="status">
          <FormattedMessage id="pro.report.onlyOne" values={{ date: <ReportDate at={reports[0]!.analysedAt} /> }} />
        </p>
      ) : (
        <ReportBody latest={reports[0]!} previous={reports[1]!} />
      )}
      <div className="pro-actions pro-actions--end pro-report__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          <FormattedMessage id="pro.report.close" />
        </button>
        {reports && reports.length >= 2 && (
          <button type="button" className="btn btn--primary" onClick={() => window.print()}>
            <FormattedMessage id="pro.report.print" />
          </button>
        )}
      </div>
    </Dialog>
  );
}

function ReportDate({ at }: { at: number }) {
  return <>{formatDateTime(at, useLocale())}</>;
}

function ReportBody({ latest, previous }: { latest: ProReportRecord; previous: ProReportRecord }) {
  const intl = useIntl();
  const { lines, summary } = compareReports(previous.rows, latest.rows);
  const strategy = (r: ProReportRecord) => intl.formatMessage({ id: `pro.strategy.${r.settings.strategy}` });
  return (
    <>
      <p>
        <FormattedMessage
          id="pro.report.compared"
          values={{
            latest: <ReportDate at={latest.analysedAt} />,
            previous: <ReportDate at={previous.analysedAt} />,
          }}
        />
      </p>
      {previous.settings.strategy !== latest.settings.strategy && (
        <p className="pro-note">
          <FormattedMessage
            id="pro.report.strategyChanged"
            values={{ before: strategy(previous), after: strategy(latest) }}
          />
        </p>
      )}
      <ul className="pro-report__summary" aria-label={intl.formatMessage({ id: 'pro.report.summaryLabel' })}>
        {SUMMARY_KEYS.map((key) => (
          <li key={key} data-summary={key}>
            <FormattedMessage id={`pro.report.summary.${key}`} values={{ count: summary[key] }} />
          </li>
        ))}
      </ul>
      {lines.length === 0 ? (
        <p role="status">
          <FormattedMessage id="pro.report.noChange" />
        </p>
      ) : (
        <ReportTable lines={lines} />
      )}
    </>
  );
}

function ReportTable({ lines }: { lines: ReportLine[] }) {
  const locale = useLocale();
  const intl = useIntl();
  const price = (x: number | null) => (x === null ? '—' : formatPrice(x, locale));
  const percent = (x: number | null) => (x === null ? '—' : formatPercent(x, locale, 2));
  return (
    <TableScroll label={intl.formatMessage({ id: 'pro.report.tableLabel' })}>
      <table className="pro-table pro-report__table" data-testid="pro-report-table">
        <thead>
          <tr>
            {(['product', 'move', 'lowest', 'sell', 'margin'] as const).map((c) => (
              <th key={c} scope="col">
                <FormattedMessage id={`pro.report.columns.${c}`} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.cnk} data-cnk={l.cnk} data-price={l.price} data-margin={l.margin}>
              <td>
                {l.name ?? '—'} <span className="pro-muted">{l.cnk}</span>
              </td>
              <td>
                <FormattedMessage id={`pro.report.moves.${l.price}`} />
              </td>
              <td className="pro-num">
                {price(l.lowestBefore)} → {price(l.lowestAfter)}
              </td>
              <td className="pro-num">
                {price(l.sellBefore)} → {price(l.sellAfter)}
              </td>
              <td className="pro-num">
                {percent(l.marginBefore)} → {percent(l.marginAfter)}
                {(l.margin === 'up' || l.margin === 'down') && (
                  <>
                    {' '}
                    <FormattedMessage id={`pro.report.marginMoves.${l.margin}`} />
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
