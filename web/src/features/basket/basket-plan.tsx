import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { BasketPlan } from '@pharmaradar/shared/basket-optimiser';
import type { ShippingResponse } from '@pharmaradar/shared/basket.schema';
import type { BasketItemRecord } from '../../db/db';
import { retailerName } from '../../lib/retailers';
import { Price } from '../../lib/ui/price';
import { RetailerBadge } from '../../lib/ui/retailer-badge';

interface Props {
  plan: BasketPlan;
  items: BasketItemRecord[];
  shipping: ShippingResponse | null;
}

/** A column's name drawn inside a shop's card on a phone; screen readers hear the column header. */
function CardLabel({ text }: { text: string }) {
  return (
    <span className="basket-plan__label" aria-hidden="true">
      {text}
    </span>
  );
}

/** Totals per retailer (delivery included), the cheapest retailer, the cheapest split, what is missing. */

/** The table's columns, in order: each header is `basket.plan.<column>`. */
const COLUMNS = ['retailer', 'subtotal', 'shipping', 'total'] as const;
export function BasketPlanView({ plan, items, shipping }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `basket.plan.${id}` });
  // A sentence with a price in it: the price stays its own unbreakable element.
  const say = (id: string, values: Record<string, ReactNode>) =>
    intl.formatMessage({ id: `basket.plan.${id}` }, values);
  const nameOf = (cnk: string) => items.find((i) => i.cnk === cnk)?.name ?? cnk;
  const price = (amount: number) => <Price amount={amount} />;
  const termsOf = (id: string) => shipping?.retailers.find((r) => r.id === id);
  const saving = plan.cheapestSingle && plan.split ? plan.cheapestSingle.total - plan.split.total : 0;

  return (
    <div className="basket-plan">
      {plan.unavailable.length > 0 && (
        <p className="basket-plan__warn" role="status" data-testid="basket-unavailable">
          {say('unavailable', { names: plan.unavailable.map(nameOf).join(', ') })}
        </p>
      )}
      {plan.outOfStock.length > 0 && (
        <p className="basket-plan__warn" role="status" data-testid="basket-out-of-stock">
          {say('outOfStock', { names: plan.outOfStock.map(nameOf).join(', ') })}
        </p>
      )}
      {shipping === null && <p className="basket-plan__note">{t('noShipping')}</p>}
      {shipping?.demo && <p className="basket-plan__note">{t('demoShipping')}</p>}

      <section aria-labelledby="basket-retailers-title">
        <h2 id="basket-retailers-title">{t('perRetailer')}</h2>
        {/* A table at wide widths; below 640 px basket.css lays each row out as a card (the shop, then
            one labelled line per amount). The explicit roles keep the table's semantics whatever the
            stylesheet's display; the labels drawn in the cards are hidden from screen readers, which
            read the column headers instead. */}
        <table className="basket-plan__table" data-testid="basket-retailers" role="table">
          <thead role="rowgroup" className="visually-hidden-phone">
            <tr role="row">
              {COLUMNS.map((column) => (
                <th key={column} scope="col" role="columnheader">
                  {t(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {plan.retailers.map((r) => {
              const terms = termsOf(r.retailer);
              return (
                <tr key={r.retailer} role="row" data-testid="basket-retailer" data-retailer={r.retailer}>
                  <th scope="row" role="rowheader" className="basket-plan__shop">
                    <span className="basket-plan__shop-name">
                      <RetailerBadge id={r.retailer} />
                      {retailerName(r.retailer)}
                    </span>
                    {r.missing.length > 0 && (
                      <span className="basket-plan__missing" data-testid="basket-missing">
                        {say('missing', { names: r.missing.map(nameOf).join(', ') })}
                      </span>
                    )}
                  </th>
                  <td role="cell" className="basket-plan__amount">
                    <CardLabel text={t('subtotal')} />
                    {price(r.subtotal)}
                  </td>
                  <td role="cell" className="basket-plan__amount">
                    <CardLabel text={t('shipping')} />
                    <span>
                      {r.shipping === 0 ? t('free') : price(r.shipping)}
                      {terms?.freeFrom != null && r.shipping > 0 && (
                        <span className="basket-plan__threshold">
                          {say('freeFrom', { amount: price(terms.freeFrom) })}
                        </span>
                      )}
                    </span>
                  </td>
                  <td role="cell" className="basket-plan__amount basket-plan__total">
                    <CardLabel text={t('total')} />
                    <Price amount={r.total} testId="basket-retailer-total" />
                  </td>
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
            {say('single', {
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
          <p data-testid="basket-split-total">{say('splitTotal', { total: price(plan.split.total) })}</p>
          {saving >= 0.01 && (
            <p className="basket-plan__saving" data-testid="basket-split-saving">
              {say('saving', { amount: price(saving) })}
            </p>
          )}
          <ul className="basket-plan__parts">
            {plan.split.parts.map((part) => (
              <li key={part.retailer} data-testid="basket-split-part" data-retailer={part.retailer}>
                <strong>{retailerName(part.retailer)}</strong>
                {' · '}
                {part.keys.map(nameOf).join(', ')}
                {' · '}
                {say('partTotal', {
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
