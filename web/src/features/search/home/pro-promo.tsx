import { useIntl } from 'react-intl';
import { PRO_PRICE_EUR } from '@pharmaradar/shared/pro-price';
import { formatNumber } from '../../../lib/i18n/format';
import { useLocale } from '../../../lib/i18n/use-locale';
import { LocalizedLink } from '../../../lib/router/localized-link';

export function ProPromo() {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `search.promo.${id}` }, values);
  const price = formatNumber(PRO_PRICE_EUR, locale, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  });
  return (
    <section className="pro-promo" aria-labelledby="pro-promo-title" data-testid="pro-promo">
      <div className="pro-promo__body">
        <span className="pro-promo__badge">{t('badge')}</span>
        <h2 id="pro-promo-title" className="pro-promo__title">
          {t('title')}
        </h2>
        <p className="pro-promo__text">{t('text')}</p>
        <ul className="pro-promo__points">
          <li>{t('points.margins')}</li>
          <li>{t('points.groups')}</li>
          <li>{t('points.noAds')}</li>
        </ul>
      </div>
      <div className="pro-promo__cta">
        <p className="pro-promo__price">{t('price', { price })}</p>
        <LocalizedLink to="/offers" className="btn btn--primary pro-promo__button">
          {t('cta')}
        </LocalizedLink>
      </div>
    </section>
  );
}
