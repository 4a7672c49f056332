import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';

export function FetchError({ onRetry, detail = null }: { onRetry: () => void; detail?: string | null }) {
  const intl = useIntl();
  return (
    <div className="search-notice search-notice--error" role="alert" data-testid="search-error">
      <p className="search-notice__text">{intl.formatMessage({ id: 'search.error.fetch' })}</p>
      {detail && <p className="search-notice__detail">{detail}</p>}
      <button type="button" className="btn btn--secondary" onClick={onRetry} data-testid="search-retry">
        {intl.formatMessage({ id: 'search.error.retry' })}
      </button>
    </div>
  );
}

export function NoResults({ query }: { query: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `search.empty.${id}` }, { query });
  return (
    <div className="search-notice search-notice--empty" data-testid="no-results">
      <h3 className="search-notice__title">{t('title')}</h3>
      <p className="search-notice__text">{t('text')}</p>
      <p className="search-notice__text">{t('hintsTitle')}</p>
      <ul className="search-notice__hints">
        <li>{t('spelling')}</li>
        <li>{t('variant')}</li>
        <li>{t('cnk')}</li>
        <li>{t('prescription')}</li>
      </ul>
    </div>
  );
}

/** A product's landing page when no retailer asked offers it (docs/product.md#messages 'No offers available'). */
export function NoOffers() {
  const intl = useIntl();
  return (
    <div className="search-notice search-notice--empty" data-testid="no-offers">
      <h3 className="search-notice__title">{intl.formatMessage({ id: 'search.noOffers.title' })}</h3>
      <p className="search-notice__text">{intl.formatMessage({ id: 'search.noOffers.text' })}</p>
    </div>
  );
}

interface OfflineNoticeProps {
  reason: 'offline' | 'unreachable';
  /** When the shown prices were fetched; null when nothing is saved for this search. */
  savedAt: string | null;
  online: boolean;
  onRetry: () => void;
}

/**
 * Says plainly that these prices are not live, how old they are, and offers to refresh when possible.
 * When the connection comes back it says so and refreshes the prices once by itself.
 */
export function OfflineNotice({ reason, savedAt, online, onRetry }: OfflineNoticeProps) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `search.offline.${id}` }, values);
  const wasOnline = useRef(online);
  const refreshed = useRef(false);

  useEffect(() => {
    // Only a real offline -> online change refreshes, and only once: a search that fails again
    // must not turn into a loop of requests.
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && reason === 'offline' && !refreshed.current) {
      refreshed.current = true;
      onRetry();
    }
  }, [online, reason, onRetry]);

  const title = !online ? 'offline' : reason === 'offline' ? 'backOnline' : 'unreachable';
  return (
    <div
      className="search-notice search-notice--offline"
      role="status"
      data-testid="cached-notice"
      data-saved={savedAt ? 'true' : 'false'}
    >
      <p className="search-notice__title" data-testid="cached-notice-title">
        {t(title)}
      </p>
      {savedAt ? (
        <p className="search-notice__text">
          <strong>{t('savedFrom', { date: formatDateTime(savedAt, locale) })}</strong> {t('savedHint')}
        </p>
      ) : (
        <p className="search-notice__text">{t('noSaved')}</p>
      )}
      {online && (
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {t('refresh')}
        </button>
      )}
    </div>
  );
}

export function DemoBadge() {
  const intl = useIntl();
  return (
    <p className="demo-badge" data-testid="demo-badge" title={intl.formatMessage({ id: 'search.demo.explain' })}>
      <span className="demo-badge__label">{intl.formatMessage({ id: 'search.demo.badge' })}</span>
      <span className="demo-badge__text">{intl.formatMessage({ id: 'search.demo.explain' })}</span>
    </p>
  );
}

export function Disclaimer() {
  const intl = useIntl();
  return (
    <p className="search-disclaimer" data-testid="disclaimer">
      {intl.formatMessage({ id: 'search.disclaimer' })}
    </p>
  );
}
