import { useIntl } from 'react-intl';
import { isBuyable } from '@pharmaradar/shared/search-grouping';
import type { SearchProduct } from '@pharmaradar/shared/search.schema';
import { LocalizedLink } from '../../lib/router/localized-link';
import { Price } from '../../lib/ui/price';
import { OfferRow } from './offer-row';
import { ProductImage } from './product-image';
import './product-card.css';

interface ProductCardProps {
  product: SearchProduct;
  /** False on the product's own landing page. */
  linkToPage?: boolean;
}

export function ProductCard({ product, linkToPage = true }: ProductCardProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `search.card.${id}` }, values);
  // "From" is a price a shopper can buy at: in stock or stock unknown, never a sold-out offer.
  const buyable = product.offers.filter(isBuyable);
  const best = buyable.find((o) => o.best) ?? buyable[0];
  const highest = product.offers.reduce((max, o) => Math.max(max, o.price), 0);
  const spread = best && product.offers.length > 1 ? highest - best.price : 0;
  const allOutOfStock = product.offers.length > 0 && !best;
  const showBrand = product.brand && !product.name.toLowerCase().includes(product.brand.toLowerCase());

  return (
    <article className="product-card" data-testid="product-card" data-cnk={product.cnk ?? ''}>
      <header className="product-card__head">
        <ProductImage src={product.image} alt={t('imageAlt', { name: product.name })} />
        <div className="product-card__title">
          {showBrand && <p className="product-card__brand">{product.brand}</p>}
          <h3 className="product-card__name">{product.name}</h3>
          <p className="product-card__cnk">{product.cnk ? t('cnk', { cnk: product.cnk }) : t('noCnk')}</p>
        </div>
        {best && (
          <div className="product-card__best">
            <span className="product-card__from">{t('from')}</span>
            <Price amount={best.price} className="product-card__best-price" testId="best-price" />
            <span className="product-card__count">{t('offersCount', { count: product.offers.length })}</span>
          </div>
        )}
        {allOutOfStock && (
          <p className="product-card__best product-card__sold-out" role="status" data-testid="all-out-of-stock">
            {t('allOutOfStock')}
          </p>
        )}
      </header>
      {product.offers.length > 0 ? (
        <ul className="product-card__offers">
          {product.offers.map((offer) => (
            <OfferRow key={`${offer.retailer}|${offer.url ?? offer.name}|${offer.price}`} offer={offer} />
          ))}
        </ul>
      ) : (
        <p className="product-card__empty" data-testid="no-offers">
          {t('noOffers')}
        </p>
      )}
      {(spread >= 0.01 || (linkToPage && product.slug)) && (
        <footer className="product-card__foot spread-row">
          {spread >= 0.01 ? (
            <span className="product-card__spread">
              {intl.formatMessage({ id: 'search.card.saving' }, { amount: <Price amount={spread} /> })}
            </span>
          ) : (
            <span />
          )}
          {linkToPage && product.slug && (
            <LocalizedLink className="product-card__page" to={`/${encodeURIComponent(product.slug)}`}>
              {t('productPage')}
            </LocalizedLink>
          )}
        </footer>
      )}
    </article>
  );
}
