import { useIntl } from 'react-intl';
import type { BasketPlan } from '@pharmaradar/shared/basket-optimiser';
import type { ShippingResponse } from '@pharmaradar/shared/basket.schema';
import { formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import type { BasketItemRecord } from '../../db/db';
import { retailerName } from '../../lib/retailers';
import { RetailerBadge } from '../../lib/ui/retailer-badge';

interface Props {
  plan: BasketPlan;
  items: BasketItemRecord[];
  shipping: ShippingResponse | null;
}

/** Totals per retailer (delivery included), the cheapest retailer, the cheapest split, what is missing. */
export function BasketPlanView({ plan, items, shipping }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `basket.plan.${id}` }, values);
  const nameOf = (cnk: string) => items.find((i) => i.cnk === cnk)?.name ?? cnk;
  const price = (amount: number) => formatPrice(amount, locale);
  const termsOf = (id: string) => shipping?.retailers.find((r) => r.id === id);
  const saving = plan.cheapestSingle && plan.split ? plan.cheapestSingle.total - plan.split.total : 0;

  return (
    <div className="basket-plan">
      {plan.unavailable.length > 0 && (
        <p className="basket-plan__warn" role="status" data-testid="basket-unavailable">
          {t('unavailable', { names: plan.unavailable.map(nameOf).join(', ') })}
        </p>
      )}
      {plan.outOfStock.length > 0 && (
        <p className="basket-plan__warn" role="status" data-testid="basket-out-of-stock">
          {t('outOfStock', { names: plan.outOfStock.map(nameOf).join(', ') })}
        </p>
      )}
      {shipping === null && <p className="basket-plan__note">{t('noShipping')}</p>}
      {shipping?.demo && <p className="basket-plan__note">{t('demoShipping')}</p>}

      <section aria-labelledby="basket-retailers-title">
        <h2 id="basket-retailers-title">{t('perRetailer')}</h2>
        <table className="basket-plan__table" data-testid="basket-retailers">
          <thead>
            <tr>
              <th scope="col">{t('retailer')}</th>
              <th scope="col">{t('subtotal')}</th>
              <th scope="col">{t('shipping')}</th>
              <th scope="col">{t('total')}</th>
            </tr>
          </thead>
          <tbody>
            {plan.retailers.map((r) => {
              const terms = termsOf(r.retailer);
              return (
                <tr key={r.retailer} data-testid="basket-retailer" data-retailer={r.retailer}>
                  <th scope="row">
                    <RetailerBadge id={r.retailer} />
                    {retailerName(r.retailer)}
                    {r.missing.length > 0 && (
                      <span className="basket-plan__missing" data-testid="basket-missing">
                        {t('missing', { names: r.missing.map(nameOf).join(', ') })}
                      </span>
                    )}
                  </th>
                  <td>{price(r.subtotal)}</td>
                  <td>
                    {r.shipping === 0 ? t('free') : price(r.shipping)}
                    {terms?.freeFrom != null && r.shipping > 0 && (
                      <span className="basket-plan__threshold">{t('freeFrom', { amount: price(terms.freeFrom) })}</span>
                    )}
                  </td>
                  <td data-testid="basket-retailer-total">{price(r.total)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <section className="basket-plan__best" aria-labelledby="basket-best-title">
        <h2 id="basket-best-title">{t('cheapestSingle')}</h2>
        {plan.cheapestSingle ? (
          <p data-testid="basket-cheapest-single">
            {t('single', {
              retailer: retailerName(plan.cheapestSingle.retailer),
              total: price(plan.cheapestSingle.total),
            })}
          </p>
        ) : (
          <p data-testid="basket-cheapest-single">{t('noSingle')}</p>
        )}
      </section>

      {plan.split && (
        <section className="basket-plan__best" aria-labelledby="basket-split-title" data-testid="basket-split">
          <h2 id="basket-split-title">{t('cheapestSplit')}</h2>
          <p data-testid="basket-split-total">{t('splitTotal', { total: price(plan.split.total) })}</p>
          {saving >= 0.01 && (
            <p className="basket-plan__saving" data-testid="basket-split-saving">
              {t('saving', { amount: price(saving) })}
            </p>
          )}
          <ul className="basket-plan__parts">
            {plan.split.parts.map((part) => (
              <li key={part.retailer} data-testid="basket-split-part" data-retailer={part.retailer}>
                <strong>{retailerName(part.retailer)}</strong>
                {' · '}
                {part.keys.map(nameOf).join(', ')}
                {' · '}
                {t('partTotal', {
                  subtotal: price(part.subtotal),
                  shipping: part.shipping === 0 ? t('free') : price(part.shipping),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
