import { useIntl } from 'react-intl';
import { PRICES_PART_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';
import type { PriceHistoryResponse, RetailerHistory } from '@pharmaradar/shared/price-history.schema';
import { formatDateTime, formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { Spinner } from '../../lib/ui/spinner';
import { retailerLabel, retailerName } from '../../lib/retailers';
import { RetailerBadge } from '../../lib/ui/retailer-badge';
import { PriceChart } from './price-chart';
import { usePriceHistory } from './use-price-history';
import './price-history.css';

/** A 'YYYY-MM-DD' day as the reader's short date (noon UTC is that same day in Brussels). */
function useDay() {
  const locale = useLocale();
  return (day: string) => formatDateTime(`${day}T12:00:00Z`, locale, { day: 'numeric', month: 'short' });
}

function RetailerBlock({ retailer, from, to }: { retailer: RetailerHistory; from: string; to: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const dayText = useDay();
  const price = (value: number) => formatPrice(value, locale);
  const name = retailerName(retailer.retailer);
  const prices = retailer.points.map((p) => p.price);
  const summary = intl.formatMessage(
    { id: 'product.history.summary' },
    {
      shop: name,
      days: retailer.points.length,
      min: price(Math.min(...prices)),
      max: price(Math.max(...prices)),
      now: retailer.current ? price(retailer.current.price) : '–',
    },
  );
  const prior = retailer.priorPrice;
  return (
    <li className="price-history__retailer" data-testid="history-retailer" data-retailer={retailer.retailer}>
      <h3 className="price-history__shop">
        <RetailerBadge id={retailer.retailer} />
        {retailerLabel(retailer.retailer)}
      </h3>
      <PriceChart points={retailer.points} from={from} to={to} low30={retailer.low30} dayText={dayText} />
      <p className="price-history__summary">{summary}</p>
      {retailer.low30 !== null && (
        <p className="price-history__shop-low">
          {intl.formatMessage({ id: 'product.history.shopLow30' }, { price: price(retailer.low30) })}
        </p>
      )}
      {prior && (
        <p
          className={`price-history__prior${prior.misleading ? ' price-history__prior--flag' : ''}`}
          data-testid="history-prior"
          data-misleading={prior.misleading}
          role={prior.misleading ? 'note' : undefined}
        >
          {prior.misleading
            ? intl.formatMessage(
                { id: 'product.history.priorFlag' },
                { was: price(prior.wasPrice), low: price(prior.lowBefore!), since: dayText(prior.since) },
              )
            : intl.formatMessage({ id: 'product.history.priorOk' }, { was: price(prior.wasPrice) })}
        </p>
      )}
      <details className="price-history__table">
        <summary>{intl.formatMessage({ id: 'product.history.table' }, { shop: name })}</summary>
        {/* A long table scrolls in its own box; focusable so a keyboard can scroll it too. */}
        <div
          className="price-history__scroll"
          tabIndex={0}
          role="region"
          aria-label={intl.formatMessage({ id: 'product.history.caption' }, { shop: name })}
        >
          <table>
            <caption className="visually-hidden">
              {intl.formatMessage({ id: 'product.history.caption' }, { shop: name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: 'product.history.day' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'product.history.price' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'product.history.was' })}</th>
              </tr>
            </thead>
            <tbody>
              {[...retailer.points].reverse().map((p) => (
                <tr key={p.day}>
                  <th scope="row">{dayText(p.day)}</th>
                  <td>{price(p.price)}</td>
                  <td>{p.wasPrice === null ? '–' : price(p.wasPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </li>
  );
}

function HistoryContent({ history, savedAt }: { history: PriceHistoryResponse; savedAt: number | null }) {
  const intl = useIntl();
  const locale = useLocale();
  if (history.retailers.length === 0) {
    return (
      <p className="price-history__muted" data-testid="history-empty">
        {intl.formatMessage({ id: 'product.history.empty' })}
      </p>
    );
  }
  const from = history.retailers.reduce(
    (first, r) => (r.points[0]!.day < first ? r.points[0]!.day : first),
    history.today,
  );
  return (
    <>
      {savedAt !== null && (
        <p className="price-history__muted" role="status" data-testid="history-saved">
          {intl.formatMessage({ id: 'product.history.saved' }, { time: formatDateTime(savedAt, locale) })}
        </p>
      )}
      {history.demo && (
        <p className="demo-badge">
          <span className="demo-badge__label">{intl.formatMessage({ id: 'product.history.demoLabel' })}</span>
          {intl.formatMessage({ id: 'product.history.demo' })}
        </p>
      )}
      <div className="price-history__lows">
        {history.low30 !== null && (
          <p data-testid="history-low30">
            {intl.formatMessage({ id: 'product.history.low30' })} <strong>{formatPrice(history.low30, locale)}</strong>
          </p>
        )}
        {history.bestIsLow30 && (
          <p className="price-history__badge" data-testid="history-low30-badge">
            {intl.formatMessage({ id: 'product.history.bestIsLow30' })}
          </p>
        )}
      </div>
      <ul className="price-history__retailers">
        {history.retailers.map((r) => (
          <RetailerBlock key={r.retailer} retailer={r} from={from} to={history.today} />
        ))}
      </ul>
    </>
  );
}

/**
 * The product page's price history: per shop a small chart with its words and table, the 30-day
 * low, the 'lowest price in 30 days' badge and the prior-price flag (docs/architecture.md#regulated-facts, ADR 105).
 */
export function PriceHistory({
  cnk,
  refreshKey,
  initial = null,
}: {
  cnk: string;
  refreshKey: string | null;
  /** The history the page was drawn with (ADR 121). */
  initial?: PriceHistoryResponse | null;
}) {
  const intl = useIntl();
  const { state, reload } = usePriceHistory(cnk, refreshKey, initial);
  return (
    <section
      className="price-history"
      aria-labelledby="price-history-title"
      data-testid="price-history"
      {...{ [PRICES_PART_ATTRIBUTE]: 'history' }}
    >
      <h2 id="price-history-title">{intl.formatMessage({ id: 'product.history.title' })}</h2>
      {state.status === 'loading' && (
        <p className="price-history__muted" role="status" data-testid="history-loading">
          <Spinner /> {intl.formatMessage({ id: 'product.history.loading' })}
        </p>
      )}
      {state.status === 'error' && (
        <div role="alert" data-testid="history-error">
          <p>{intl.formatMessage({ id: 'product.history.error' })}</p>
          <button type="button" className="btn btn--secondary" onClick={reload}>
            {intl.formatMessage({ id: 'product.retry' })}
          </button>
        </div>
      )}
      {state.status === 'offline' &&
        (state.saved ? (
          <HistoryContent history={state.saved.history} savedAt={state.saved.savedAt} />
        ) : (
          <div role="status" data-testid="history-offline">
            <p>{intl.formatMessage({ id: 'product.history.offline' })}</p>
            <button type="button" className="btn btn--secondary" onClick={reload}>
              {intl.formatMessage({ id: 'product.retry' })}
            </button>
          </div>
        ))}
      {state.status === 'ready' && <HistoryContent history={state.history} savedAt={null} />}
    </section>
  );
}
