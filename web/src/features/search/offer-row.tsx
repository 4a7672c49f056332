import { useIntl } from 'react-intl';
import type { SearchOffer } from '@pharmaradar/shared/search.schema';
import { retailerLabel, retailerName, safeHttpUrl } from '../../lib/retailers';
import { PageLanguageNote, usePageLanguageNote } from '../../lib/ui/page-language-note';
import { Price } from '../../lib/ui/price';
import { RetailerBadge } from '../../lib/ui/retailer-badge';
import { UnitPriceLabel } from './unit-price-label';

export function OfferRow({ offer }: { offer: SearchOffer }) {
  const intl = useIntl();
  const url = safeHttpUrl(offer.url);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `search.card.${id}` }, values);
  // A shop whose pages are not in the reader's language is linked anyway, and says so (docs/decisions/232).
  const pageNote = usePageLanguageNote(offer.pageLanguage, url !== null);
  const name = pageNote ? `${retailerName(offer.retailer)} ${pageNote}` : retailerName(offer.retailer);
  return (
    <li
      className={`offer${offer.best ? ' offer--best' : ''}${offer.inStock === false ? ' offer--out' : ''}`}
      data-testid="offer"
      data-retailer={offer.retailer}
      data-best={offer.best ? 'true' : 'false'}
    >
      <div className="offer__shop">
        <span className="offer__retailer" data-testid="offer-retailer">
          <RetailerBadge id={offer.retailer} />
          {retailerLabel(offer.retailer)}
        </span>
        <PageLanguageNote note={pageNote} className="offer__page-language" testId="offer-page-language" />
        {offer.best && <span className="offer__badge">{t('bestBadge')}</span>}
        {offer.inStock === false && <span className="offer__stock offer__stock--out">{t('outOfStock')}</span>}
        {offer.inStock === true && <span className="offer__stock">{t('inStock')}</span>}
        {offer.unitPrice && <UnitPriceLabel unit={offer.unitPrice} />}
      </div>
      <Price amount={offer.price} className="offer__price" testId="offer-price" />
      {url ? (
        <a
          className="offer__link"
          href={url}
          hrefLang={offer.pageLanguage}
          target="_blank"
          // An affiliate link (the shop's link template) says so to search engines; it keeps its referrer.
          rel={offer.sponsored ? 'sponsored noopener' : 'noopener noreferrer'}
          aria-label={t('viewOffer', { retailer: name })}
        >
          {t('view')}
          <svg
            viewBox="0 0 24 24"
            width="14"
            height="14"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          >
            <path d="M14 5h5v5M19 5l-8 8M18 14v5H5V6h5" />
          </svg>
        </a>
      ) : (
        <span className="offer__link offer__link--none">{t('linkUnavailable')}</span>
      )}
    </li>
  );
}
