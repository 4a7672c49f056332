import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { PHARMACY_RADII_KM } from '@pharmaradar/shared/pharmacies.schema';
import { formatDateTime } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { PharmacyList } from './pharmacy-list';
import { PharmacyMap, type PharmacyMapControls } from './pharmacy-map';
import { useNearby, type NearbyState } from './use-nearby';
import './pharmacies.css';

function StatusMessage({ state }: { state: NearbyState }) {
  const intl = useIntl();
  if (state.phase === 'locating' || state.phase === 'loading') {
    return (
      <p className="pharmacies__status" role="status" data-testid="nearby-status">
        {intl.formatMessage({ id: state.phase === 'locating' ? 'pharmacies.locating' : 'pharmacies.loading' })}
      </p>
    );
  }
  if (state.phase === 'error' && state.error) {
    return (
      <p className="pharmacies__error" role="alert" data-testid="nearby-error">
        {intl.formatMessage({ id: `pharmacies.error.${state.error}` })}
      </p>
    );
  }
  return null;
}

/** `/pharmacies`: the physical pharmacies near the user (docs/product.md#nearby-pharmacies 'Nearby physical pharmacies map'). */
export default function PharmaciesPage() {
  const intl = useIntl();
  const locale = useLocale();
  const online = useOnlineStatus();
  const { state, start, setRadius } = useNearby();
  const map = useRef<PharmacyMapControls>(null);
  useDocumentTitle(intl.formatMessage({ id: 'pharmacies.title' }));

  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pharmacies.${id}` }, values);
  const busy = state.phase === 'locating' || state.phase === 'loading';
  const answer = state.current?.answer ?? null;
  const showMap = state.position !== null && !state.fromSaved && state.phase !== 'error';
  const radii = state.config?.radii_km ?? [...PHARMACY_RADII_KM];
  // Offline (or the server unreachable), the list on screen may be old: say from when.
  const stale = state.fromSaved || (state.phase === 'error' && state.error === 'network');

  return (
    <section className="pharmacies" aria-labelledby="pharmacies-title">
      <header className="pharmacies__header">
        <h1 id="pharmacies-title">{t('title')}</h1>
        <p className="pharmacies__intro">{t('intro')}</p>
      </header>

      <div className="pharmacies__controls">
        <button type="button" className="btn btn--primary" onClick={() => void start()} disabled={busy}>
          {t(state.position ? 'update' : 'enable')}
        </button>
        <label className="pharmacies__radius">
          <span>{t('radius.label')}</span>
          <select
            value={state.radiusKm}
            disabled={busy}
            onChange={(event) => setRadius(Number(event.target.value))}
            data-testid="radius-select"
          >
            {radii.map((km) => (
              <option key={km} value={km}>
                {t('radius.option', { km })}
              </option>
            ))}
          </select>
        </label>
        {showMap && (
          <button type="button" className="btn btn--secondary" onClick={() => map.current?.showMe()}>
            {t('showMe')}
          </button>
        )}
      </div>
      <p className="pharmacies__privacy">{t('privacy')}</p>

      <StatusMessage state={state} />

      <div className={`pharmacies__body${showMap ? ' pharmacies__body--with-map' : ''}`}>
        {showMap && state.position && (
          <PharmacyMap
            ref={map}
            config={state.config}
            configFailed={state.configFailed}
            position={state.position}
            pharmacies={answer?.pharmacies ?? []}
          />
        )}
        {answer && (
          <div className="pharmacies__results" data-testid="nearby-results">
            {stale && state.current && (
              <p className="pharmacies__saved" data-testid="nearby-saved">
                {t(online ? 'saved' : 'savedOffline', { time: formatDateTime(state.current.savedAt, locale) })}
              </p>
            )}
            {answer.demo && <p className="pharmacies__demo">{t('demo')}</p>}
            {answer.pharmacies.length === 0 ? (
              <p className="pharmacies__none" role="status" data-testid="nearby-none">
                {t('error.none', { km: answer.radius_km })}
              </p>
            ) : (
              <>
                <p className="pharmacies__count" data-testid="nearby-count">
                  {t('count', { count: answer.pharmacies.length, km: answer.radius_km })}
                </p>
                <PharmacyList
                  pharmacies={answer.pharmacies}
                  onShowOnMap={showMap ? (id) => map.current?.focus(id) : undefined}
                />
              </>
            )}
          </div>
        )}
      </div>

      <p className="pharmacies__duty">
        <a href={t('dutyUrl')} target="_blank" rel="noopener noreferrer">
          {t('duty')}
        </a>
      </p>
    </section>
  );
}
