import { useIntl } from 'react-intl';
import type { SearchStage } from '@pharmaradar/shared/search.schema';
import { formatNumber } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { retailerLabel } from '../../lib/retailers';
import type { RetailerRow } from './search-state';
import { Spinner } from '../../lib/ui/spinner';
import './search-progress.css';

interface SearchProgressProps {
  stage: SearchStage | null;
  retailers: RetailerRow[];
}

function StatusIcon({ status }: { status: RetailerRow['status'] }) {
  if (status === 'waiting') return <Spinner size="sm" />;
  const path = status === 'ok' ? 'm5 12 5 5 9-10' : status === 'empty' ? 'M6 12h12' : 'M12 7v6m0 4h.01';
  return (
    <svg
      className="retailer-status__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

/**
 * The staged message (announced to screen readers) and one row per retailer as each one answers.
 * Once the search is complete it folds into one line (the stage, how many shops, how long the
 * slowest took) so the first price sits in a phone's first screen; the rows stay one tap away.
 * A <details> folds it (no script needed, so a page drawn by the server folds the same way); its
 * summary holds the one live status element from the first stage to the last.
 */
export function SearchProgress({ stage, retailers }: SearchProgressProps) {
  const intl = useIntl();
  const locale = useLocale();
  const answered = retailers.filter((r) => r.status !== 'waiting').length;
  const done = stage === 'complete';
  const ratio = retailers.length === 0 ? 0 : answered / retailers.length;
  const slowest = Math.max(0, ...retailers.map((r) => r.ms ?? 0));
  return (
    <section
      className={`search-progress${done ? ' search-progress--done' : ''}`}
      aria-label={intl.formatMessage({ id: 'search.retailers.title' })}
    >
      <details className="search-progress__details" open={!done}>
        <summary className="search-progress__summary">
          <span className="search-progress__stage" aria-live="polite" role="status">
            <span data-testid="search-stage" data-stage={stage ?? ''}>
              {stage ? intl.formatMessage({ id: `search.stage.${stage}` }) : ''}
            </span>
            {done && (
              <span className="search-progress__facts" data-testid="search-facts">
                {' · '}
                {intl.formatMessage({ id: 'search.retailers.count' }, { count: retailers.length })}
                {slowest > 0 &&
                  ` · ${formatNumber(slowest / 1000, locale, {
                    style: 'unit',
                    unit: 'second',
                    unitDisplay: 'short',
                    minimumFractionDigits: 1,
                    maximumFractionDigits: 1,
                  })}`}
              </span>
            )}
          </span>
        </summary>
        <div className="search-progress__bar" aria-hidden="true">
          {/* The width is the stylesheet's, by tenths: a page drawn by the server, also while the
              shops answer (ADR 121, ADR 167), may carry no style attribute, which the CSP refuses. */}
          <span
            className="search-progress__fill"
            data-fill={done || ratio === 0 ? undefined : Math.min(100, Math.ceil(ratio * 10) * 10)}
          />
        </div>
        <ul className="search-progress__list">
          {retailers.map((row) => (
            <li
              key={row.id}
              className={`retailer-status retailer-status--${row.status}`}
              data-testid="retailer-status"
              data-retailer={row.id}
              data-status={row.status}
            >
              <StatusIcon status={row.status} />
              <span className="retailer-status__name">{retailerLabel(row.id)}</span>
              <span className="retailer-status__text">
                {intl.formatMessage(
                  { id: `search.retailers.status.${row.status}` },
                  { count: row.offers, ms: row.ms ?? 0 },
                )}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
