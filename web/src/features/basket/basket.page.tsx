import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { planBasket } from '@pharmaradar/shared/basket-optimiser';
import { MAX_BASKET_QUANTITY } from '@pharmaradar/shared/basket.schema';
import { formatDateTime } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import { LocalizedLink } from '../../lib/router/localized-link';
import { LoadState } from '../../lib/ui/load-state';
import { Price } from '../../lib/ui/price';
import { removeFromBasket, setBasketQuantity } from '../../db/basket-store';
import type { BasketItemRecord } from '../../db/db';
import { BasketPlanView } from './basket-plan';
import { useBasket } from './use-basket';
import './basket.css';

function BasketRow({ item }: { item: BasketItemRecord }) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `basket.item.${id}` }, values);
  return (
    <li className="basket-item" data-testid="basket-item" data-cnk={item.cnk}>
      <div className="basket-item__main">
        {item.slug ? (
          <LocalizedLink to={`/${encodeURIComponent(item.slug)}`} className="basket-item__name">
            {item.name}
          </LocalizedLink>
        ) : (
          <span className="basket-item__name">{item.name}</span>
        )}
        <span className="basket-item__age" data-testid="basket-item-age">
          {t('pricesFrom', { date: formatDateTime(item.fetchedAt, locale) })}
        </span>
      </div>
      <label className="basket-item__quantity">
        <span>{t('quantity')}</span>
        <input
          type="number"
          min={1}
          max={MAX_BASKET_QUANTITY}
          value={item.quantity}
          data-testid="basket-quantity"
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isFinite(value) && value >= 1) void setBasketQuantity(item.cnk, value);
          }}
        />
      </label>
      <span className="basket-item__from">
        {item.offers.length > 0
          ? intl.formatMessage(
              { id: 'basket.item.from' },
              { price: <Price amount={Math.min(...item.offers.map((o) => o.price))} /> },
            )
          : t('nowhere')}
      </span>
      <button
        type="button"
        className="btn btn--secondary basket-item__remove"
        onClick={() => void removeFromBasket(item.cnk)}
        aria-label={t('removeNamed', { name: item.name })}
      >
        {t('remove')}
      </button>
    </li>
  );
}

export default function BasketPage() {
  const intl = useIntl();
  const online = useOnlineStatus();
  const { items, shipping } = useBasket();
  const t = (id: string) => intl.formatMessage({ id: `basket.${id}` });

  useEffect(() => {
    document.title = intl.formatMessage({ id: 'basket.meta.title' });
  }, [intl]);

  const plan = useMemo(
    () =>
      items
        ? planBasket(
            items.map((item) => ({
              key: item.cnk,
              quantity: item.quantity,
              prices: Object.fromEntries(item.offers.map((o) => [o.retailer, o.price])),
              // Items stored before stock was kept have no inStock: unknown stock, still recommended.
              outOfStock: item.offers.filter((o) => o.inStock === false).map((o) => o.retailer),
            })),
            shipping?.retailers ?? [],
          )
        : null,
    [items, shipping],
  );

  return (
    <div className="basket-page">
      <h1 className="basket-page__title">{t('title')}</h1>
      {!online && (
        <p className="basket-page__notice" role="status" data-testid="basket-offline">
          {t('offline')}
        </p>
      )}
      {items === null ? (
        <LoadState state="loading" spinner="md" text={t('loading')} />
      ) : items.length === 0 ? (
        <div className="basket-page__empty" data-testid="basket-empty">
          <p>{t('empty')}</p>
          <LocalizedLink to="/" className="btn btn--primary">
            {t('search')}
          </LocalizedLink>
        </div>
      ) : (
        <>
          <ul className="basket-page__items" aria-label={t('itemsLabel')}>
            {items.map((item) => (
              <BasketRow key={item.cnk} item={item} />
            ))}
          </ul>
          {plan && <BasketPlanView plan={plan} items={items} shipping={shipping} />}
        </>
      )}
    </div>
  );
}
