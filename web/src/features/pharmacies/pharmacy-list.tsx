import { useIntl } from 'react-intl';
import type { NearbyPharmacy } from '@pharmaradar/shared/pharmacies.schema';
import { formatNumber } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { directionsUrl } from './directions';

export interface PharmacyListProps {
  pharmacies: NearbyPharmacy[];
  /** Absent when no map is shown (saved list offline): then there is no 'show on map'. */
  onShowOnMap?: (id: string) => void;
}

/** The pharmacies, nearest first, each with its distance, 'show on map' and a directions link. */
export function PharmacyList({ pharmacies, onShowOnMap }: PharmacyListProps) {
  const intl = useIntl();
  const locale = useLocale();
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return (
    <ol className="pharmacies-list" aria-label={intl.formatMessage({ id: 'pharmacies.listLabel' })}>
      {pharmacies.map((p) => (
        <li key={p.id} className="pharmacies-list__item" data-testid="pharmacy">
          <div className="pharmacies-list__head">
            <h2 className="pharmacies-list__name">{p.name}</h2>
            <span className="pharmacies-list__distance" data-testid="pharmacy-distance">
              {intl.formatMessage(
                { id: 'pharmacies.distance' },
                { distance: formatNumber(p.distance_km, locale, { maximumFractionDigits: 1 }) },
              )}
            </span>
          </div>
          <p className="pharmacies-list__address">
            {p.address}
            {p.address && (p.postal_code || p.city) ? ', ' : ''}
            {[p.postal_code, p.city].filter(Boolean).join(' ')}
          </p>
          <div className="pharmacies-list__actions">
            {onShowOnMap && (
              <button type="button" className="btn btn--secondary" onClick={() => onShowOnMap(p.id)}>
                {intl.formatMessage({ id: 'pharmacies.showOnMap' })}
              </button>
            )}
            <a
              className="btn btn--secondary"
              href={directionsUrl(p, userAgent)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={intl.formatMessage({ id: 'pharmacies.directionsLabel' }, { name: p.name })}
            >
              {intl.formatMessage({ id: 'pharmacies.directions' })}
            </a>
          </div>
        </li>
      ))}
    </ol>
  );
}
