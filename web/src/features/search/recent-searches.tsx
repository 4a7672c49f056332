import { useLiveQuery } from 'dexie-react-hooks';
import { useIntl } from 'react-intl';
import { listRecentSearches } from '../../db/search-cache';
import { formatDateTime } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { LocalizedLink } from '../../lib/router/localized-link';

/** Searches saved on this device, newest first, each opening its saved result. */
export function RecentSearches({ limit = 8 }: { limit?: number }) {
  const intl = useIntl();
  const locale = useLocale();
  const recent = useLiveQuery(() => listRecentSearches(limit, locale).catch(() => []), [limit, locale]);
  if (!recent) return null;
  return (
    <section className="recent-searches" data-testid="recent-searches">
      <h3 className="recent-searches__title">{intl.formatMessage({ id: 'search.offline.recentTitle' })}</h3>
      {recent.length === 0 ? (
        <p className="recent-searches__empty">{intl.formatMessage({ id: 'search.offline.recentEmpty' })}</p>
      ) : (
        <ul className="recent-searches__list">
          {recent.map((saved) => (
            <li key={saved.query}>
              <LocalizedLink
                to={`/?${new URLSearchParams({ q: saved.label }).toString()}`}
                className="recent-searches__link"
              >
                <span className="recent-searches__label">{saved.title ?? saved.label}</span>
                <span className="recent-searches__date">{formatDateTime(saved.fetchedAt, locale)}</span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
