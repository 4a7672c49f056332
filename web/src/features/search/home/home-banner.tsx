import { useIntl } from 'react-intl';
import { LOCALES } from '@pharmaradar/shared/locales';
import { PersonIcon, PharmacyIcon } from '../../../lib/ui/icons';
import { useSearch } from '../search-context';
import { DEFAULT_RETAILERS } from '../search-state';
import { DEMO_CATALOGUE_SIZE } from './home-figures';
import { useDemoMode } from './use-demo-mode';

/**
 * Audience segments and key figures (docs/product.md#home "Home banner"); every figure is a fact of this server.
 * The demo catalogue's size only means something in demo mode: on the real shops it is left out (the
 * catalogue searched is then the shops' own, which we do not count).
 */
export function HomeBanner() {
  const intl = useIntl();
  const demo = useDemoMode(useSearch().demo);
  const t = (id: string) => intl.formatMessage({ id: `search.banner.${id}` });
  const figures = [
    { value: String(DEFAULT_RETAILERS.length), label: t('figures.pharmacies') },
    ...(demo === true ? [{ value: `${DEMO_CATALOGUE_SIZE}+`, label: t('figures.products') }] : []),
    { value: String(LOCALES.length), label: t('figures.languages') },
    { value: t('figures.liveValue'), label: t('figures.live') },
  ];
  return (
    <section className="home-banner" aria-labelledby="home-banner-title">
      <h2 id="home-banner-title" className="home-banner__title">
        {t('title')}
      </h2>
      <div className="home-banner__segments">
        <article className="home-banner__segment">
          <span className="home-banner__icon" aria-hidden="true">
            <PersonIcon size={24} />
          </span>
          <h3>{t('consumers.title')}</h3>
          <p>{t('consumers.text')}</p>
        </article>
        <article className="home-banner__segment home-banner__segment--pro">
          <span className="home-banner__icon" aria-hidden="true">
            <PharmacyIcon size={24} />
          </span>
          <h3>{t('pharmacies.title')}</h3>
          <p>{t('pharmacies.text')}</p>
        </article>
      </div>
      <dl className="home-banner__figures" aria-label={t('figures.label')}>
        {figures.map((figure) => (
          <div key={figure.label} className="home-banner__figure">
            <dt className="home-banner__figure-label">{figure.label}</dt>
            <dd className="home-banner__figure-value">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
